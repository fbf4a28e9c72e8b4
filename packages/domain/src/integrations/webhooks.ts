import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { catalogueKeys } from '../records.ts';
import type { TrackedActionInput } from '../analytics/tracking.ts';
import type { EventUserStatus } from '../registration/index.ts';

/**
 * The activities a webhook may subscribe to: spec 002 §3.17's activity type ids (profile and
 * engagement), plus the delivery log's bounces and complaints (issue 36) and a ping; each in words,
 * for the studio's subscription form.
 */
export const webhookActivityLabels = {
  'user_profile:registered': 'Registered',
  'user_profile:waitlisted': 'Waitlisted',
  'user_profile:canceled': 'Canceled',
  'user_profile:rejected': 'Rejected',
  'user_profile:attended': 'Checked in',
  'user_profile:updated': 'Profile updated',
  'user_engagement:attended_broadcast': 'Joined a session',
  'user_engagement:attended_booth': 'Visited a booth',
  'user_engagement:attended_discussion_group': 'Visited a discussion room',
  'user_engagement:chat': 'Chat message',
  'user_engagement:qna': 'Question asked',
  'user_engagement:poll_responses': 'Poll answered',
  'user_engagement:in_app_survey': 'Survey answered',
  'user_engagement:event_cta_click': 'Call to action clicked',
  'user_engagement:event_no_show': 'No show',
  'email:bounced': 'Email bounced',
  'email:complained': 'Email complaint',
};
export type WebhookActivityType = keyof typeof webhookActivityLabels;
export const WEBHOOK_ACTIVITY_TYPES = catalogueKeys(webhookActivityLabels);

/** The test message the studio's Ping sends (never an activity of the event). */
export const WEBHOOK_PING = 'webhook.ping';

/** A delivery's activity in words (the delivery log): an activity's label, the ping's, else its id. */
export const webhookDeliveryActivityLabel = (type: string): string =>
  type === WEBHOOK_PING
    ? 'Test ping'
    : type in webhookActivityLabels
      ? webhookActivityLabels[type as WebhookActivityType]
      : type;

/**
 * Waits before each retry of a failed delivery (Standard Webhooks' exponential back-off): ten
 * tries spread over a day, then the delivery has failed for good.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800];

/** An endpoint whose deliveries fail for good this many times in a row (a day each) is turned off. */
export const WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = 3;

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 255;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

/** The code of a ping's answer when its webhook is gone. */
export const TRIGGER_WEBHOOK_MISSING = 'TRIGGER_WEBHOOK_MISSING';

export const webhookMessages = {
  chooseActivity: 'Choose at least one activity.',
  urlNotAllowed: 'This URL cannot receive webhooks: it must be a public http(s) address.',
  hostNotFound: 'This URL cannot receive webhooks: its host name could not be found.',
  notAllowedToDeliver: 'Delivery refused: the address is not a public one.',
  disabledSubject: 'A webhook of your organization was turned off',
  created: 'Webhook created.',
  updated: 'Webhook updated.',
  deleted: 'Webhook deleted.',
  redelivered: 'Delivery queued again.',
  pinged: 'Ping sent.',
  /** A ping of a webhook that is gone (deleted, or another organisation's): the server's answer… */
  triggerUrlMissing: 'Trigger webhook Url does not exist',
  /** …and what the studio tells the organiser of it (spec 002 §8). */
  triggerFailed: 'Something went wrong. The system is temporarily unavailable. Please try again later.',
  loadFailed: 'Error while loading webhooks.',
  saveFailed: 'Error while saving the webhook.',
  oneOwner: 'A webhook belongs to one event, series or template.',
} as const;

const activityTypes = z
  .array(z.enum(WEBHOOK_ACTIVITY_TYPES))
  .min(1, webhookMessages.chooseActivity)
  .max(WEBHOOK_ACTIVITY_TYPES.length);

/**
 * Spec 001 §7: a webhook of an event, of a series (its every event), of a studio template's
 * integration template (`studio_template`, copied onto its events), or of the organisation's every
 * event when all three are null.
 */
export const activityWebhookSchema = z.object({
  id: z.string(),
  event: z.string().nullable(),
  series: z.string().nullable(),
  studio_template: z.string().nullable(),
  url: z.string(),
  description: z.string(),
  activity_types: z.array(z.enum(WEBHOOK_ACTIVITY_TYPES)),
  is_active: z.boolean(),
  /** Why the studio turned it off (persistent failures), or null. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityWebhook = z.infer<typeof activityWebhookSchema>;
export const activityWebhookPageSchema = pageSchema(activityWebhookSchema);

/** The answer of a create (and of a secret's rotation): the signing secret, shown this once. */
export const createdActivityWebhookSchema = activityWebhookSchema.extend({ secret: z.string() });

const webhookUrl = z.url({ protocol: /^https?$/ }).max(WEBHOOK_URL_MAX_LENGTH);

/** Whose a webhook is: an event's, a series', a studio template's, or (all null) the organisation's. */
const webhookOwnerFields = {
  event: z.uuid().nullable().default(null),
  series: z.uuid().nullable().default(null),
  studio_template: z.uuid().nullable().default(null),
};
export const WEBHOOK_OWNER_KINDS = ['event', 'series', 'studio_template'] as const;
export type WebhookOwner = Record<(typeof WEBHOOK_OWNER_KINDS)[number], string | null>;

/** The organisation-wide owner, or the one owner `kind` with `id`. */
export const webhookOwner = (kind?: (typeof WEBHOOK_OWNER_KINDS)[number], id?: string): WebhookOwner => ({
  event: null,
  series: null,
  studio_template: null,
  ...(kind && id !== undefined && { [kind]: id }),
});

/** A webhook's own fields, as its form asks them. */
export const webhookFieldsSchema = z.object({
  url: webhookUrl,
  description: z.string().max(WEBHOOK_DESCRIPTION_MAX_LENGTH).default(''),
  activity_types: activityTypes,
  is_active: z.boolean().default(true),
});

export const createActivityWebhookSchema = webhookFieldsSchema
  .extend(webhookOwnerFields)
  .superRefine((body, context) => {
    // Each owner after the first is the one too many.
    for (const kind of WEBHOOK_OWNER_KINDS.filter((one) => body[one] !== null).slice(1))
      context.addIssue({ code: 'custom', path: [kind], message: webhookMessages.oneOwner });
  });
export type CreateActivityWebhook = z.infer<typeof createActivityWebhookSchema>;

export const patchActivityWebhookSchema = z
  .object({
    url: webhookUrl,
    description: z.string().max(WEBHOOK_DESCRIPTION_MAX_LENGTH),
    activity_types: activityTypes,
    is_active: z.boolean(),
  })
  .partial();
export type PatchActivityWebhook = z.infer<typeof patchActivityWebhookSchema>;

/** GET /api/event/activity-webhooks/?event=, ?series= or ?studio_template= (none: the organisation-wide ones). */
export const activityWebhookListQuery = z.object({
  event: z.uuid().optional(),
  series: z.uuid().optional(),
  studio_template: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookAttemptSchema = z.object({
  attempted_at: z.string(),
  /** The receiver's HTTP status, or null when none came (refused, timed out, unreachable). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  response_excerpt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhook: z.string(),
  /** The `webhook-id` header: the same on every retry, so receivers drop duplicates. */
  message_id: z.string(),
  activity_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptSchema),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);

/** An activity as its webhooks receive it (the body's `data` is the activity's own fields). */
export interface WebhookActivity {
  organizationId: string;
  eventId: string | null;
  type: WebhookActivityType;
  data: Record<string, unknown>;
}

/**
 * A registration's status as its webhook activity (spec 002 §3.17's user_profile ids, and the
 * No Show a Registered person becomes once the event has ended without them: event_no_show).
 */
export const registrationActivityOf = {
  REGISTRATION: 'user_profile:registered',
  WAITLISTED: 'user_profile:waitlisted',
  CANCELED: 'user_profile:canceled',
  REJECTED: 'user_profile:rejected',
  ATTENDED: 'user_profile:attended',
  EVENT_NO_SHOW: 'user_engagement:event_no_show',
} as const satisfies Record<EventUserStatus, WebhookActivityType>;

/** An attendee's participation (engagement's service events) as its webhook activity. */
export const participationActivityOf = {
  chat_message: 'user_engagement:chat',
  question: 'user_engagement:qna',
  poll_vote: 'user_engagement:poll_responses',
} as const satisfies Record<string, WebhookActivityType>;

/** Tracked attendee actions (analytics' beacons) that are webhook activities. */
export const trackedActivityOf = {
  session_joined: 'user_engagement:attended_broadcast',
  booth_visit: 'user_engagement:attended_booth',
  room_visit: 'user_engagement:attended_discussion_group',
  cta_click: 'user_engagement:event_cta_click',
} as const satisfies Record<string, WebhookActivityType>;

/** The field naming a tracked activity's target (the session, booth or discussion room). */
const trackedTargetField = {
  session_joined: 'session_id',
  booth_visit: 'booth_id',
  room_visit: 'room_id',
} as const satisfies Partial<Record<keyof typeof trackedActivityOf, string>>;

/** A tracked action as its webhook activity (the attendee, and its target or call to action), or null. */
export function trackedActivity(
  userId: string,
  action: TrackedActionInput,
): { type: WebhookActivityType; data: Record<string, unknown> } | null {
  const { action: kind } = action;
  if (kind === 'cta_click')
    return { type: trackedActivityOf[kind], data: { user_id: userId, cta: action.cta ?? 'custom' } };
  if (!(kind in trackedTargetField)) return null;
  const tracked = kind as keyof typeof trackedTargetField;
  return {
    type: trackedActivityOf[tracked],
    data: { user_id: userId, [trackedTargetField[tracked]]: action.target },
  };
}

/** A registrant as webhooks receive them. */
export const registrantActivityData = (member: {
  id: string;
  user: string;
  email: string;
  first_name: string;
  last_name: string;
  event_user_status: string;
  answers: Record<string, unknown>;
}) => ({
  registration_id: member.id,
  user_id: member.user,
  email: member.email,
  first_name: member.first_name,
  last_name: member.last_name,
  status: member.event_user_status,
  /** The registration form's answers, by component key (the CRMs' mapping source fields). */
  answers: member.answers,
});
