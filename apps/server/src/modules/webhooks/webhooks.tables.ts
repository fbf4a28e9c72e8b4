import type { ColumnType, Generated } from 'kysely';
import type { WebhookActivity } from '@studio/domain';

/**
 * An endpoint of an organisation: for one event, for a series' events (`series_id`, migration
 * 0066), or for every event when both are null; or of a studio template (`studio_template_id`,
 * migration 0061), copied onto the events made from it.
 */
export interface ActivityWebhookTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string | null;
  series_id: string | null;
  studio_template_id: string | null;
  url: string;
  description: Generated<string>;
  activity_types: string[];
  /** The `whsec_…` signing secret, sealed with the server's key (platform/secret-box.ts). */
  sealed_secret: string;
  is_active: Generated<boolean>;
  disabled_reason: string | null;
  failed_deliveries_in_a_row: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** One activity sent to one endpoint, retried until it succeeds or its retries run out. */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  webhook_id: string;
  message_id: string;
  activity_type: string;
  /** The signed body, as sent on every attempt. */
  payload: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  next_attempt_at: Date | null;
  created_at: Generated<Date>;
}

export interface WebhookAttemptTable {
  id: Generated<string>;
  delivery_id: string;
  attempted_at: Generated<Date>;
  status_code: number | null;
  error: string | null;
  response_excerpt: Generated<string>;
}

/** An activity waiting for its fan-out (migration 0068): written in the activity's transaction. */
export interface WebhookOutboxTable {
  id: Generated<string>;
  activity: ColumnType<WebhookActivity & { occurredAt: string }, string, never>;
  claimed_until: Date | null;
  tries: Generated<number>;
}

export interface WebhooksTables {
  activity_webhooks: ActivityWebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  webhook_outbox: WebhookOutboxTable;
}
