import { z } from 'zod';
import { fillerSlideFieldSchema } from '../filler-slides/index.ts';
import {
  copyName,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LIST_FILTERS,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_ORDERINGS,
  EVENT_TITLE_MAX_LENGTH,
  EVENT_TYPE_FILTERS,
  EVENT_TYPES,
  HOST_TYPES,
  isScheduled,
  RECORDING_ORDERINGS,
  REPEATING_VISIBILITIES,
  SERIES_TYPES,
  WORKFLOW_STATUSES,
} from './enums.ts';
import { eventServerMessages } from './messages.ts';
import {
  booleanQuery,
  dateTimeQuery,
  dateTimeSchema,
  manyValues,
  nameRefSchema,
  organizationListQuery,
  required,
  requiredText,
  searchQuery,
  timestampFields,
  workspaceFilterQuery,
} from './query.ts';
import { resolveTimezone } from './timezones.ts';
import { registrationPageAnswerSchema, registrationPageFieldSchema } from '../pages/page-api.ts';
import { brandingAnswerShape, brandingRequestShape } from '../branding/fields.ts';
import { trackingSnippetAnswerSchema } from '../code-areas/api.ts';

export const eventTypeSchema = z.enum(EVENT_TYPES);
export const hostTypeSchema = z.enum(HOST_TYPES);

/** A named zone or one of its aliases, answered as the named zone. */
export const timezoneSchema = z.string().transform((name, context) => {
  const resolved = resolveTimezone(name);
  if (!resolved) {
    context.addIssue({ code: 'custom', message: eventServerMessages.unknownTimezone });
    return z.NEVER;
  }
  return resolved;
});

export const tagRefSchema = z.object({ id: z.string(), tag_name: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

export const eventSeriesRefSchema = z.object({ id: z.string(), name: z.string(), is_repeating: z.boolean() });

export const registrationFormDataSchema = z.object({ id: z.string(), is_global_form: z.boolean() });
export const pardotListSchema = z.object({
  activity_type: z.string(),
  list_id: z.union([z.string(), z.number()]),
});

/** What an event or template plays while nothing else is on stage (002 §3.1, §3.3): ids, or null. */
export const bufferAndFillerAnswerShape = {
  /** The buffer video (002 §3.1): a library video's id. */
  stage_roll_video_asset: z.string().nullable(),
  /** The filler slide (002 §3.1, §3.3): a filler slide's id. */
  filler_slide: z.string().nullable(),
};

/** Spec 000 §7 "Events search": what pickers read (`min` / `minimal_data`). */
export const eventMinimalSchema = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  timezone: z.string(),
  event_type: eventTypeSchema,
});
export type EventMinimal = z.infer<typeof eventMinimalSchema>;

/** Spec 001 §2.5: where an event stands in time (an event ending exactly now is live and past). */
export const EVENT_TIME_STATUSES = ['upcoming', 'live', 'past'] as const;

/** `get_metadata=true`: what the dashboard shows besides the fields. */
export const eventMetadataSchema = z.object({
  time_status: z.enum(EVENT_TIME_STATUSES),
  is_repeating: z.boolean(),
  /** The local date naming this occurrence of a repeating event. */
  occurrence_key: z.string().nullable(),
  duplicated_from: z.string().nullable(),
  workflow_status: z.enum(WORKFLOW_STATUSES),
  hub_pages: z.array(nameRefSchema),
  /** The iCalendar SEQUENCE of its invitations: raised when the schedule changes. */
  calendar_sequence: z.number().int(),
});

/** Spec 001 §3 "Event" and 002 §3.8, with description, timezone and location. */
export const eventSchema = eventMinimalSchema.extend({
  organization: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  host_type: hostTypeSchema,
  is_blueprint: z.boolean(),
  registration_form: z.string().nullable(),
  registration_form_data: registrationFormDataSchema.nullable(),
  marketo_campaign_id: z.string().nullable(),
  salesforce_campaign_id: z.string().nullable(),
  wistia_project_id: z.string().nullable(),
  pardot_list: pardotListSchema.nullable(),
  integration_config_updated: z.boolean(),
  /** The registration page (the pages area's): its stored JSON, null while the default applies. */
  builder_raw_json: registrationPageAnswerSchema,
  series: eventSeriesRefSchema.nullable(),
  workspace: nameRefSchema.nullable(),
  tags: z.array(tagRefSchema),
  /** The template it was created from. */
  template: z.string().nullable(),
  ...bufferAndFillerAnswerShape,
  /** False while a duplication still fills it (000 §4). */
  is_ready: z.boolean(),
  created_by: z.string().nullable(),
  ...timestampFields,
  metadata: eventMetadataSchema.optional(),
});
export type StudioEvent = z.infer<typeof eventSchema>;

/**
 * GET and PATCH of one event: the event with its branding (002 §3.1: the event-level fields flat,
 * `theme_obj` with its defaults) and its tracking snippet (saved by `POST …/tracking_snippet/`).
 */
export const eventDetailSchema = eventSchema.extend({
  ...brandingAnswerShape,
  splash_tracking_pixel_snippet: trackingSnippetAnswerSchema,
});
export type StudioEventDetail = z.infer<typeof eventDetailSchema>;

/** PATCH of an event's or template's buffer video. */
export const stageRollVideoSchema = z.uuid().nullable().optional();

/** Settings an event shares with templates (copied when one is made from the other). */
const eventSettingsShape = {
  description: z.string().max(EVENT_DESCRIPTION_MAX_LENGTH).nullable().optional(),
  location: z.string().max(EVENT_LOCATION_MAX_LENGTH).nullable().optional(),
  host_type: hostTypeSchema.optional(),
  is_blueprint: z.boolean().optional(),
  registration_form: z.string().max(255).nullable().optional(),
  registration_form_data: registrationFormDataSchema.nullable().optional(),
  marketo_campaign_id: z.string().max(255).nullable().optional(),
  salesforce_campaign_id: z.string().max(255).nullable().optional(),
  wistia_project_id: z.string().max(255).nullable().optional(),
  pardot_list: pardotListSchema.nullable().optional(),
  integration_config_updated: z.boolean().optional(),
  /** The registration page: stored by the pages area; null clears it. */
  builder_raw_json: registrationPageFieldSchema.optional(),
};

const endAfterStart = (value: { start_time?: Date | undefined; end_time?: Date | undefined }) =>
  !value.start_time || !value.end_time || value.end_time.getTime() > value.start_time.getTime();
const endAfterStartIssue = { message: eventServerMessages.endBeforeStart, path: ['end_time'] };

/** The fields a request that makes or changes an event shares: its title, when, and where it belongs. */
export const eventTitle = requiredText(EVENT_TITLE_MAX_LENGTH);
export const eventTimesShape = {
  start_time: dateTimeSchema.optional(),
  end_time: dateTimeSchema.optional(),
  timezone: timezoneSchema.optional(),
};
/** Its team and its series; null takes it out of one. */
export const eventPlaceShape = {
  workspace: z.uuid().nullable().optional(),
  series: z.uuid().nullable().optional(),
};

/**
 * POST /api/event/. A recording needs no schedule (its times default to now). `template` copies
 * that template's settings first; the fields given win.
 */
export const createEventRequestSchema = z
  .object({
    title: eventTitle,
    /** Default: the template's, else Conference. */
    event_type: eventTypeSchema.optional(),
    ...eventTimesShape,
    organization: z.string().optional(),
    ...eventPlaceShape,
    tags: z.array(z.uuid()).max(100).optional(),
    template: z.uuid().optional(),
    ...eventSettingsShape,
  })
  .refine(endAfterStart, endAfterStartIssue)
  .superRefine((value, context) => {
    if (!isScheduled(value.event_type) || value.template) return;
    if (!value.start_time) context.addIssue({ code: 'custom', path: ['start_time'], message: required });
    if (!value.end_time) context.addIssue({ code: 'custom', path: ['end_time'], message: required });
  });
export type CreateEventRequest = z.output<typeof createEventRequestSchema>;

/** PATCH /api/event/{id}/: any of the dashboard's fields. */
export const updateEventRequestSchema = z
  .object({
    title: eventTitle.optional(),
    event_type: eventTypeSchema.optional(),
    ...eventTimesShape,
    ...eventPlaceShape,
    tags: z.array(z.uuid()).max(100).optional(),
    /** The buffer video (002 §3.1, §7.2): a COMPLETE video of the organisation's library, or null. */
    stage_roll_video_asset: stageRollVideoSchema,
    filler_slide: fillerSlideFieldSchema,
    ...eventSettingsShape,
    // Branding (002 §3.1, §3.2, §7.2): checked again with the module rules and locks by the server.
    ...brandingRequestShape,
  })
  .refine(endAfterStart, endAfterStartIssue);
export type UpdateEventRequest = z.output<typeof updateEventRequestSchema>;

export const eventGetQuerySchema = z.object({ get_metadata: booleanQuery.optional() });

/** Spec 001 §7 "GET list": every parameter, plus the named filter of 002 §3.18. */
export const eventListQuerySchema = z.object({
  ...organizationListQuery,
  series: manyValues(z.uuid()).optional(),
  /** Title contains (any case). */
  title: searchQuery,
  /** Tag ids or tag names. */
  tag: manyValues(z.string().max(255)).optional(),
  ...workspaceFilterQuery,
  series_type: z.enum(SERIES_TYPES).optional(),
  /** 002 §3.18 repeating-event visibility; the same as series_type. */
  repeating: z.enum(REPEATING_VISIBILITIES).optional(),
  min: booleanQuery.optional(),
  minimal_data: booleanQuery.optional(),
  /** All (= Webinar + Conference), Webinar, Conference, Recording; several comma-separated. */
  event_type: manyValues(z.enum(EVENT_TYPE_FILTERS)).optional(),
  ordering: z.enum(EVENT_ORDERINGS).optional(),
  end_time_gte: dateTimeQuery.optional(),
  end_time_lte: dateTimeQuery.optional(),
  start_time_gte: dateTimeQuery.optional(),
  start_time_lte: dateTimeQuery.optional(),
  filter: z.enum(EVENT_LIST_FILTERS).optional(),
  /** The "now" of the named filters (a client paging a list keeps one); default the server's clock. */
  now: dateTimeQuery.optional(),
});
export type EventListQuery = z.output<typeof eventListQuerySchema>;

/** An event's registrants as its dashboard and the events list count them (blocked ones in neither). */
export const registrantCountsSchema = z.object({
  /** Holding a seat (Registered, Attended, No Show), not blocked. */
  registered: z.number().int().nonnegative(),
  /** Waiting for a seat or for the organiser's approval, not blocked. */
  waitlisted: z.number().int().nonnegative(),
});
export type RegistrantCounts = z.infer<typeof registrantCountsSchema>;

/**
 * A row of the events list (001 §7 "GET list"): the event with its registrant counts, absent when
 * the organisation's not-use-registrant-counts flag is on (001 §9: the list then pages 10).
 */
export const listedEventSchema = eventSchema.extend({
  registrant_counts: registrantCountsSchema.optional(),
});
export type ListedEvent = z.infer<typeof listedEventSchema>;

export const eventListItemSchema = z.union([listedEventSchema, eventMinimalSchema]);

/** Spec 001 §3 "Recording" and §7 "GET event recordings (offset, limit, title)". */
export const recordingSchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  workspace: nameRefSchema.nullable(),
  tags: z.array(tagRefSchema),
});
export type Recording = z.infer<typeof recordingSchema>;
export const recordingListQuerySchema = z.object({
  ...organizationListQuery,
  title: searchQuery,
  ...workspaceFilterQuery,
  ordering: z.enum(RECORDING_ORDERINGS).default('-created_at'),
});
export type RecordingListQuery = z.output<typeof recordingListQuerySchema>;

export const canRescheduleAnswerSchema = z.object({
  can_reschedule: z.boolean(),
  reason: z.string().nullable(),
});
export type CanRescheduleAnswer = z.infer<typeof canRescheduleAnswerSchema>;

export const rescheduleRequestSchema = z
  .object({ start_time: dateTimeSchema, end_time: dateTimeSchema, timezone: timezoneSchema.optional() })
  .refine(endAfterStart, endAfterStartIssue);
export const rescheduleAnswerSchema = z.object({ message: z.string(), event: eventSchema });

/** POST /api/event/{id}/duplicate/: the copy's title etc.; default 'Copy of {title}' at the same times. */
export const duplicateEventRequestSchema = z
  .object({
    title: eventTitle.optional(),
    ...eventTimesShape,
    ...eventPlaceShape,
  })
  .refine(endAfterStart, endAfterStartIssue);
export type DuplicateEventRequest = z.output<typeof duplicateEventRequestSchema>;
/** The copy's title when the request names none. */
export const eventCopyTitle = (title: string) => copyName(title, EVENT_TITLE_MAX_LENGTH);

/** 202: the copy exists at once and is filled by a job; poll the workflow ids (000 §4). */
export const duplicateEventAnswerSchema = z.object({
  id: z.string(),
  workflow_id: z.string(),
  workflow_ids: z.array(z.string()),
  status: z.enum(WORKFLOW_STATUSES),
  event: eventSchema,
});
export type DuplicateEventAnswer = z.infer<typeof duplicateEventAnswerSchema>;

export const sendCalendarInvitesRequestSchema = z.object({
  /** Send again to people who already have the current version. */
  forced: z.boolean().default(false),
  /** Only the event's attendees (registrants), not its organisers. */
  only_attendees: z.boolean().default(false),
});
export type SendCalendarInvitesRequest = z.input<typeof sendCalendarInvitesRequestSchema>;
export const sendCalendarInvitesAnswerSchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type SendCalendarInvitesAnswer = z.infer<typeof sendCalendarInvitesAnswerSchema>;

/** GET /api/core/workflows/{id}/ (000 §3/§4). `failed`: it ended without finishing its work. */
export const workflowStatusSchema = z.object({
  id: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  failed: z.boolean(),
});
export type WorkflowStatusAnswer = z.infer<typeof workflowStatusSchema>;
/**
 * Pushed to the organisation's sockets (those that see the event's workspace) when a workflow of
 * an event ends: a studio waiting for a copy to be ready hears it at once.
 */
export const WORKFLOW_UPDATED = 'workflow-updated';
export const workflowUpdatedMessageSchema = z.object({
  type: z.literal(WORKFLOW_UPDATED),
  data: workflowStatusSchema.extend({ eventId: z.string() }),
});
export const workflowListQuerySchema = z.object({ event_id: z.uuid(), organization: z.string().optional() });

/** Spec 001 §3 "Timezone option". */
export const timezoneOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  offset: z.string(),
});
