import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { catalogueKeys } from '../records.ts';
import type { WebhookActivityType } from './webhooks.ts';

/**
 * Spec 002 §3.17's Slack notification kinds: two post on an activity, two post one summary (the
 * registrant count before the event, the attended count after it), with their labels.
 */
export const slackNotificationKindLabels = {
  REGISTRATION: 'Registered',
  ATTENDED: 'Attended',
  PRE_EVENT_REGISTRANT_SUMMARY: 'Registrant summary before the event',
  POST_EVENT_ATTENDED_SUMMARY: 'Attended summary after the event',
};
export type SlackNotificationKind = keyof typeof slackNotificationKindLabels;
export const SLACK_NOTIFICATION_KINDS = catalogueKeys(slackNotificationKindLabels);
export const SLACK_SUMMARY_KINDS = ['PRE_EVENT_REGISTRANT_SUMMARY', 'POST_EVENT_ATTENDED_SUMMARY'] as const;
export type SlackSummaryKind = (typeof SLACK_SUMMARY_KINDS)[number];
export type SlackActivityKind = Exclude<SlackNotificationKind, SlackSummaryKind>;

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

/**
 * Spec 002 §3.17's owner types of the 'Slack plus Salesforce' connector: whose Salesforce owner of
 * the registrant is told in Slack (a direct message), found by the registrant's email; with their labels.
 */
export const slackSalesforceOwnerTypeLabels = {
  ACCOUNT_OWNER: 'Account owner',
  CONTACT_OWNER: 'Contact owner',
  LEAD_OWNER: 'Lead owner',
};
export type SlackSalesforceOwnerType = keyof typeof slackSalesforceOwnerTypeLabels;
export const SLACK_SALESFORCE_OWNER_TYPES = catalogueKeys(slackSalesforceOwnerTypeLabels);

/** The kinds an owner can be told of: those about one registrant (a summary has none). */
export const SLACK_OWNER_KINDS: readonly SlackNotificationKind[] = ['REGISTRATION', 'ATTENDED'];

/** What the owner is not told, and why: the message's record, and the line the channel gets with it. */
export const slackOwnerNotReached = (ownerType: SlackSalesforceOwnerType, reason: string) =>
  `Not sent to the ${slackSalesforceOwnerTypeLabels[ownerType].toLowerCase()}: ${reason}`;

/** Why a registrant's Salesforce owner could not be told in Slack. */
export const slackOwnerReasons = {
  planDisallows: 'the plan does not include the Slack plus Salesforce integration.',
  noRecord: (objectType: 'Contact' | 'Lead') => `no Salesforce ${objectType} has this email.`,
  noAccount: 'the Salesforce Contact has no Account.',
  noUser: 'the owner is not an active Salesforce user.',
  notInSlack: (email: string) => `no one in the Slack workspace has the email ${email}.`,
  slackRefused: (error: string) => `Slack answered ${error}.`,
  salesforceUnavailable: 'Salesforce did not answer.',
};

/**
 * Where a notification sends its messages, as a rule both sides check: a channel, the
 * registrant's Salesforce owner, or both; the summaries (no registrant) need a channel.
 * Answers the field in error and its message, or null.
 */
export function slackNotificationRouteProblem(notification: {
  channel_id: string;
  salesforce_owner_type: SlackSalesforceOwnerType | null;
  notification_types: readonly SlackNotificationKind[];
}): { field: 'channel_id'; message: string } | null {
  if (notification.channel_id) return null;
  if (!notification.salesforce_owner_type)
    return { field: 'channel_id', message: slackMessages.channelRequired };
  if (notification.notification_types.some((kind) => !SLACK_OWNER_KINDS.includes(kind)))
    return { field: 'channel_id', message: slackMessages.summariesNeedChannel };
  return null;
}

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
export const SLACK_BOT_SCOPES = [
  'channels:read',
  'groups:read',
  'chat:write',
  'chat:write.public',
  // users.lookupByEmail: a Salesforce owner found in Slack by email.
  'users:read',
  'users:read.email',
] as const;

export const slackMessages = {
  connected: 'Slack connected.',
  disconnected: 'Slack disconnected.',
  notConnected: 'Connect Slack to your organization first.',
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
  channelRequired: 'Choose a channel.',
  summariesNeedChannel: 'The summaries are posted to a channel: choose one.',
  salesforceOwnerUnavailable:
    'Notifying the Salesforce owner needs Salesforce connected and the Slack plus Salesforce integration in your plan.',
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
  /** 'Slack plus Salesforce': the registrant's owner of this type is sent a direct message (null: the channel only). */
  salesforce_owner_type: z.enum(SLACK_SALESFORCE_OWNER_TYPES).nullable(),
  /** With an owner: the channel gets every message too; otherwise only those no owner was found for. */
  also_to_channel: z.boolean(),
  is_active: z.boolean(),
  /** The last message Slack refused for good (why), or null. */
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type SlackNotification = z.infer<typeof slackNotificationSchema>;
export const slackNotificationPageSchema = pageSchema(slackNotificationSchema);

const notificationFields = {
  /** Empty only when the owner is told (slackNotificationRouteProblem). */
  channel_id: z.string().trim().max(100),
  channel_name: z.string().trim().max(100),
  notification_types: kinds,
  salesforce_owner_type: z.enum(SLACK_SALESFORCE_OWNER_TYPES).nullable(),
  also_to_channel: z.boolean(),
  is_active: z.boolean(),
};

export const createSlackNotificationSchema = z.object({
  event: z.uuid(),
  channel_id: notificationFields.channel_id.default(''),
  channel_name: notificationFields.channel_name.default(''),
  notification_types: kinds,
  salesforce_owner_type: notificationFields.salesforce_owner_type.default(null),
  also_to_channel: notificationFields.also_to_channel.default(false),
  is_active: notificationFields.is_active.default(true),
});
export type CreateSlackNotification = z.infer<typeof createSlackNotificationSchema>;
/** What a client sends to create one (the defaulted fields may be left out). */
export type CreateSlackNotificationRequest = z.input<typeof createSlackNotificationSchema>;

/** A change names only what changes: no field has a default (a kinds change never turns a notification on). */
export const patchSlackNotificationSchema = z.object(notificationFields).partial();
export type PatchSlackNotification = z.infer<typeof patchSlackNotificationSchema>;

export const slackNotificationListQuery = z.object({
  event: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Whether an event's notifications may tell registrants' Salesforce owners (plan and Salesforce connection). */
export const slackSalesforceOwnersSchema = z.object({
  available: z.boolean(),
  /** Why not (null when available). */
  message: z.string().nullable(),
});
export type SlackSalesforceOwners = z.infer<typeof slackSalesforceOwnersSchema>;
export const slackSalesforceOwnersQuery = z.object({ event: z.uuid() });
