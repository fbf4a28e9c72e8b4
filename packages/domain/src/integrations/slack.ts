import { z } from 'zod';
import { pageSchema } from '../api.ts';
import type { WebhookActivityType } from './webhooks.ts';

/**
 * Spec 002 §3.17's Slack notification kinds: two post on an activity, two post one summary (the
 * registrant count before the event, the attended count after it).
 */
export const SLACK_NOTIFICATION_KINDS = [
  'REGISTRATION',
  'ATTENDED',
  'PRE_EVENT_REGISTRANT_SUMMARY',
  'POST_EVENT_ATTENDED_SUMMARY',
] as const;
export type SlackNotificationKind = (typeof SLACK_NOTIFICATION_KINDS)[number];
export const SLACK_SUMMARY_KINDS = ['PRE_EVENT_REGISTRANT_SUMMARY', 'POST_EVENT_ATTENDED_SUMMARY'] as const;
export type SlackSummaryKind = (typeof SLACK_SUMMARY_KINDS)[number];
export type SlackActivityKind = Exclude<SlackNotificationKind, SlackSummaryKind>;

export const slackNotificationKindLabels: Record<SlackNotificationKind, string> = {
  REGISTRATION: 'Registered',
  ATTENDED: 'Attended',
  PRE_EVENT_REGISTRANT_SUMMARY: 'Registrant summary before the event',
  POST_EVENT_ATTENDED_SUMMARY: 'Attended summary after the event',
};

/** The registrant summary is posted this long before the event starts. */
export const SLACK_PRE_EVENT_SUMMARY_MINUTES = 60;
/**
 * The registrant summary's "starts in …" for the time left before the start, in minutes rounded:
 * "starts in 20 minutes", "starts in 1 minute", "starts in less than a minute".
 */
export function startsInWords(millisecondsLeft: number): string {
  const minutes = Math.round(millisecondsLeft / 60_000);
  if (minutes < 1) return 'starts in less than a minute';
  return `starts in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
/** The attended summary is posted once the event has ended, unless it ended longer ago than this. */
export const SLACK_POST_EVENT_SUMMARY_WINDOW_HOURS = 24;
/** How often the worker looks for summaries that are due. */
export const SLACK_SUMMARY_SWEEP_SECONDS = 60;

/** The activity each kind posts on. */
export const slackKindOfActivity: Partial<Record<WebhookActivityType, SlackActivityKind>> = {
  'user_profile:registered': 'REGISTRATION',
  'user_profile:attended': 'ATTENDED',
};

/** Spec 001 §9: the toast of a Slack channel error stays 10 s. */
export const SLACK_CHANNEL_ERROR_TOAST_MS = 10_000;

/** Waits before each retry of a message Slack did not take for a passing reason (5xx, no answer). */
export const SLACK_RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800];

/** The bot scopes the studio asks for when an organisation connects its Slack workspace. */
export const SLACK_BOT_SCOPES = ['channels:read', 'groups:read', 'chat:write', 'chat:write.public'] as const;

export const slackMessages = {
  connected: 'Slack connected.',
  disconnected: 'Slack disconnected.',
  notConnected: 'Connect Slack to your organisation first.',
  authenticationFailed: 'Authentication Failed! Please try again',
  authenticationSuccessful: 'Authentication Successful',
  generic: 'Something has gone wrong. Please Try Again!!',
  channelNotFound: 'This Slack channel cannot be found, or the Slack app cannot see it.',
  channelArchived: 'This Slack channel is archived.',
  channelValid: 'The Slack channel is ready.',
  channelsFailed: 'Error while loading the Slack channels.',
  oauthUnavailable: 'Signing in with Slack is not set up on this studio: paste a bot token instead.',
  created: 'Slack notification created.',
  updated: 'Slack notification updated.',
  deleted: 'Slack notification deleted.',
  loadFailed: 'Error while loading Slack notifications.',
  saveFailed: 'Error while saving the Slack notification.',
} as const;

/** The organisation's Slack workspace as the studio shows it (never its token). */
export const slackConnectionSchema = z.object({
  connected: z.boolean(),
  team_id: z.string().nullable(),
  team_name: z.string().nullable(),
  bot_user_id: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** Where the browser goes to connect with Slack (null: this studio has no Slack app; paste a token). */
  authorize_url: z.string().nullable(),
  client_id: z.string().nullable(),
  scopes: z.array(z.string()),
});
export type SlackConnection = z.infer<typeof slackConnectionSchema>;

/** The OAuth v2 code Slack sent back to the studio's page, exchanged by the server. */
export const slackOAuthSchema = z.object({
  code: z.string().min(1).max(500),
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2048),
});

/** A self-hoster's own Slack app: its bot token, pasted once. */
export const slackBotTokenSchema = z.object({
  bot_token: z
    .string()
    .trim()
    .regex(/^xoxb-[A-Za-z0-9-]+$/, 'A bot token starts with xoxb-.')
    .max(255),
});

export const slackChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_private: z.boolean(),
  is_archived: z.boolean(),
  is_member: z.boolean(),
});
export type SlackChannel = z.infer<typeof slackChannelSchema>;

/** Spec 001 §7: GET organisation Slack channels (solution_id; response channels). */
export const slackChannelsQuery = z.object({ solution_id: z.string().max(100).optional() });
export const slackChannelsSchema = z.object({ channels: z.array(slackChannelSchema) });

/** Spec 001 §7: validate Slack channel (channel_id, solution_id). */
export const validateSlackChannelQuery = z.object({
  channel_id: z.string().min(1).max(100),
  solution_id: z.string().max(100).optional(),
});
export const validatedSlackChannelSchema = z.object({
  is_valid: z.boolean(),
  channel: slackChannelSchema.nullable(),
  message: z.string(),
});
export type ValidatedSlackChannel = z.infer<typeof validatedSlackChannelSchema>;

const kinds = z.array(z.enum(SLACK_NOTIFICATION_KINDS)).min(1).max(SLACK_NOTIFICATION_KINDS.length);

/** Spec 001 §3: a Slack notification (id, event): a channel and the kinds it posts. */
export const slackNotificationSchema = z.object({
  id: z.string(),
  event: z.string(),
  channel_id: z.string(),
  channel_name: z.string(),
  notification_types: z.array(z.enum(SLACK_NOTIFICATION_KINDS)),
  is_active: z.boolean(),
  /** The last message Slack refused for good (why), or null. */
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type SlackNotification = z.infer<typeof slackNotificationSchema>;
export const slackNotificationPageSchema = pageSchema(slackNotificationSchema);

export const createSlackNotificationSchema = z.object({
  event: z.uuid(),
  channel_id: z.string().trim().min(1).max(100),
  channel_name: z.string().trim().max(100).default(''),
  notification_types: kinds,
  is_active: z.boolean().default(true),
});
export type CreateSlackNotification = z.infer<typeof createSlackNotificationSchema>;

export const patchSlackNotificationSchema = createSlackNotificationSchema
  .omit({ event: true })
  .partial()
  .extend({ channel_name: z.string().trim().max(100).optional() });
export type PatchSlackNotification = z.infer<typeof patchSlackNotificationSchema>;

export const slackNotificationListQuery = z.object({
  event: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
