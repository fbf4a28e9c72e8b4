import type { Generated } from 'kysely';

/** The Slack workspace an organisation connected: one per organisation. */
export interface SlackConnectionTable {
  organization_id: string;
  team_id: string;
  team_name: Generated<string>;
  bot_user_id: Generated<string>;
  /** The bot token (`xoxb-…`), sealed with the server's key (platform/secret-box.ts). */
  sealed_token: string;
  connected_by: string | null;
  connected_at: Generated<Date>;
}

/** An event's Slack notification: a channel (or '' when only the owner is told), the kinds it posts, and the Salesforce owner it tells. */
export interface SlackNotificationTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  channel_id: string;
  channel_name: Generated<string>;
  notification_types: string[];
  /** 'Slack plus Salesforce': the registrant's owner type told in a direct message (ACCOUNT_OWNER …), or null. */
  salesforce_owner_type: string | null;
  /** With an owner: the channel gets every message too (else only those no owner was found for). */
  also_to_channel: Generated<boolean>;
  is_active: Generated<boolean>;
  last_error: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** One message (an activity or a summary) to post to a notification's channel, retried while Slack answers 429 or 5xx. */
export interface SlackMessageTable {
  id: Generated<string>;
  notification_id: string;
  kind: string;
  /** The chat.postMessage fields other than the channel (text and blocks), as JSON. */
  body: string;
  /** A summary's occasion: the event start (registrants) or end (attended) it summarises; null for an activity. */
  occasion: Date | null;
  /** A message to the registrant's Salesforce owner: whose owner (the registrant's email); null for the channel's. */
  registrant_email: string | null;
  /** Where it goes once found (the owner's Slack user id, or the channel it fell back to); null until then. */
  recipient: string | null;
  /** Why it went to the channel instead of the owner (posted with it too), or null. */
  routing_note: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface SlackTables {
  slack_connections: SlackConnectionTable;
  slack_notifications: SlackNotificationTable;
  slack_messages: SlackMessageTable;
}
