import type { Generated, JSONColumnType } from 'kysely';
import type { EventUserStatus, FormioData, RegistrationSource } from '@studio/domain';

/** Migration 0019. Registration forms: global (settings → forms) or an event's own. */
export interface RegistrationFormTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string | null;
  name: string;
  is_global_form: Generated<boolean>;
  formio_data: JSONColumnType<FormioData, string, string>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A registration beside the registrant's ATTENDEE event role (its primary key). */
export interface EventRegistrationTable {
  event_role_id: string;
  organization_id: string;
  event_id: string;
  user_id: string;
  status: EventUserStatus;
  is_blocked: Generated<boolean>;
  source: RegistrationSource;
  form_id: string | null;
  answers: JSONColumnType<Record<string, unknown>, string, string>;
  timezone: string | null;
  re_registrations: Generated<number>;
  registered_at: Generated<Date>;
  waitlisted_at: Date | null;
  status_changed_at: Generated<Date>;
  checked_in_at: Date | null;
  checked_in_by: string | null;
  /** Migration 0021: the status a blocked registrant had (unblock restores it). */
  status_before_block: Generated<EventUserStatus | null>;
}

/** A validated CSV waiting for its submit. */
export interface RegistrationSheetTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  created_by: string | null;
  rows: JSONColumnType<Record<string, string>[], string, string>;
  errors: JSONColumnType<{ row: number; field: string | null; message: string }[], string, string>;
  total_rows: number;
  created_at: Generated<Date>;
  submitted_at: Date | null;
}

export interface RegistrationMailLogTable {
  event_id: string;
  user_id: string;
  email_type: string;
  occasion: string;
  sent_at: Generated<Date>;
}

/** Migration 0035. An event's registration settings; no row: unlimited seats, no waitlist, no approval. */
export interface EventRegistrationSettingsTable {
  event_id: string;
  organization_id: string;
  /** Seats; null: unlimited. */
  registration_capacity: number | null;
  waitlist_enabled: Generated<boolean>;
  registration_approval_required: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** Migration 0047. A person's registrant activity short URL in one organisation. */
export interface RegistrantActivityUrlTable {
  short_url: string;
  organization_id: string;
  user_id: string;
  created_by: string | null;
  created_at: Generated<Date>;
}

/**
 * Migration 0077. An event's registrant counts, kept by triggers on `event_registrations` (holding
 * a seat, waitlisted; neither blocked); no row: none.
 */
export interface EventRegistrationCountTable {
  event_id: string;
  registered: number;
  waitlisted: number;
}

export interface RegistrationTables {
  registrant_activity_urls: RegistrantActivityUrlTable;
  registration_forms: RegistrationFormTable;
  event_registrations: EventRegistrationTable;
  registration_sheets: RegistrationSheetTable;
  registration_mail_log: RegistrationMailLogTable;
  event_registration_settings: EventRegistrationSettingsTable;
  event_registration_counts: EventRegistrationCountTable;
}
