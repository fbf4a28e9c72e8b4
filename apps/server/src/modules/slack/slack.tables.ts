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

/** An event's Slack notification: a channel and the kinds it posts. */
export interface SlackNotificationTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  channel_id: string;
  channel_name: Generated<string>;
  notification_types: string[];
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
