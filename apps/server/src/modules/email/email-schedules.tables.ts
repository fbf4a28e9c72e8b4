import type { Generated } from 'kysely';
import type { EmailAudience, EmailDeliveryStatus, EmailType, RelativeTime } from '@studio/domain';

export type EmailScheduleOwnerType = 'event' | 'event_template' | 'series';

/** Migration 0036. One email type of an event, event template or series, with its schedule. */
export interface EmailScheduleTable {
  id: Generated<string>;
  organization_id: string;
  owner_type: EmailScheduleOwnerType;
  owner_id: string;
  email_type: EmailType;
  active: boolean;
  relative_time: RelativeTime;
  offset_minutes: number;
  audience: EmailAudience;
  email_template_id: string | null;
  send_at: Date | null;
  planned_from: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type EmailSendStatus = 'pending' | 'sending' | 'done' | 'moved';

export interface EmailScheduleSendTable {
  id: Generated<string>;
  organization_id: string;
  schedule_id: string;
  event_id: string;
  email_type: EmailType;
  due_at: Date;
  status: Generated<EmailSendStatus>;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface EmailDeliveryTable {
  id: Generated<string>;
  organization_id: string;
  send_id: string | null;
  /** Migration 0046: the custom or bulk send to registrants (its job's key). */
  registrants_send_id: string | null;
  event_id: string | null;
  email_type: string;
  recipient: string;
  status: EmailDeliveryStatus;
  reason: string | null;
  attempts: Generated<number>;
  claimed_at: Date | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  /** Migration 0039: first open and first click, when the organisation tracks them. */
  opened_at: Date | null;
  clicked_at: Date | null;
}

/** Migration 0039. Whether an organisation's logged emails track opens and clicks (off unless set). */
export interface EmailTrackingSettingsTable {
  organization_id: string;
  track_opens_and_clicks: boolean;
  updated_at: Generated<Date>;
}

export type SuppressionReason = 'bounced' | 'unsubscribed' | 'complained';

export interface EmailSuppressionTable {
  organization_id: string;
  email: string;
  reason: SuppressionReason;
  detail: string | null;
  created_at: Generated<Date>;
}

export interface EmailSchedulesTables {
  email_schedules: EmailScheduleTable;
  email_schedule_sends: EmailScheduleSendTable;
  email_deliveries: EmailDeliveryTable;
  email_suppressions: EmailSuppressionTable;
  email_tracking_settings: EmailTrackingSettingsTable;
}
