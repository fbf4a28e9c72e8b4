import { z } from 'zod';
import { fillerSlideFieldSchema } from '../filler-slides/index.ts';
import {
  DEFAULT_SERIES_ORDERING,
  EVENT_LOCATION_MAX_LENGTH,
  HUB_PAGE_NAME_MAX_LENGTH,
  HUB_PAGE_ORDERINGS,
  HUB_PAGE_SCOPES,
  SERIES_FILTERS,
  SERIES_NAME_MAX_LENGTH,
  SERIES_ORDERINGS,
  TEMPLATE_ORDERINGS,
  NEW_TEMPLATE_TITLE,
  TEMPLATE_TITLE_MAX_LENGTH,
} from './enums.ts';
import {
  bufferAndFillerAnswerShape,
  eventMinimalSchema,
  eventPlaceShape,
  eventTimesShape,
  eventTitle,
  eventTypeSchema,
  hostTypeSchema,
  pardotListSchema,
  registrationFormDataSchema,
  stageRollVideoSchema,
  tagRefSchema,
  timezoneSchema,
} from './event-api.ts';
import { eventRegistrationSettingsShape } from '../registration/api.ts';
import { registrationPageAnswerSchema, registrationPageFieldSchema } from '../pages/page-api.ts';
import { brandingAnswerShape, brandingRequestShape } from '../branding/fields.ts';
import { recurrenceRuleAnswerSchema, recurrenceRuleSchema } from './recurrence.ts';
import { TAG_NAME_MAX_LENGTH } from './tags.ts';
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

// ----- Series and repeating events ------------------------------------------------------------

/** Spec 001 §3 "Series": id, name, events, tags, updated_at; a repeating event carries its rule. */
export const seriesSchema = z.object({
  id: z.string(),
  organization: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  workspace: nameRefSchema.nullable(),
  is_repeating: z.boolean(),
  recurrence: recurrenceRuleAnswerSchema.nullable(),
  /** The occurrences' type, host type and location (repeating events). */
  event_type: eventTypeSchema,
  host_type: hostTypeSchema,
  location: z.string().nullable(),
  /** Event ids, by start time. */
  events: z.array(z.string()),
  events_count: z.number().int(),
  /** Start of the first event, end of the last (null without events). */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /** Tag ids, or {id, tag_name} with get_tags=true. */
  tags: z.array(z.union([z.string(), tagRefSchema])),
  ...timestampFields,
  /**
   * A repeating event's programme is edited on this occurrence (its first not started) and copied
   * to the later ones; null when none is left. Answered by GET of one repeating event.
   */
  programme_event: z.string().nullable().optional(),
  /** get_cached_data=true: counts the dashboard shows. */
  cached_data: z
    .object({
      upcoming_events_count: z.number().int(),
      past_events_count: z.number().int(),
      next_event: eventMinimalSchema.nullable(),
      /** The first event not yet ended, by start: live now, or the next to come (`seriesTimeStatus`). */
      current_event: eventMinimalSchema.nullable(),
    })
    .optional(),
});
export type Series = z.infer<typeof seriesSchema>;
export const seriesMinimalSchema = z.object({ id: z.string(), name: z.string() });
export const seriesListItemSchema = z.union([seriesSchema, seriesMinimalSchema]);

/** Spec 001 §7 "Series GET list". */
export const seriesListQuerySchema = z.object({
  ...organizationListQuery,
  ordering: z.enum(SERIES_ORDERINGS).default(DEFAULT_SERIES_ORDERING),
  /** Name contains (any case). */
  name: searchQuery,
  /** upcoming: its last event ends at or after now; past: at or before now. */
  filtering: z.enum(SERIES_FILTERS).default('all'),
  ...workspaceFilterQuery,
  min: booleanQuery.optional(),
  tag: manyValues(z.string().max(255)).optional(),
  get_tags: booleanQuery.optional(),
  is_repeating: booleanQuery.optional(),
  now: dateTimeQuery.optional(),
});
export type SeriesListQuery = z.output<typeof seriesListQuerySchema>;

export const seriesGetQuerySchema = z.object({
  min: booleanQuery.optional(),
  get_tags: booleanQuery.optional(),
  get_cached_data: booleanQuery.optional(),
});

const seriesFields = {
  name: requiredText(SERIES_NAME_MAX_LENGTH),
  description: z.string().max(10_000).nullable().optional(),
  workspace: z.uuid().nullable().optional(),
  tags: z.array(z.uuid()).max(100).optional(),
  /** Events that belong to the series (plain series only). */
  events: z.array(z.uuid()).max(1000).optional(),
  event_type: eventTypeSchema.optional(),
  host_type: hostTypeSchema.optional(),
  location: z.string().max(EVENT_LOCATION_MAX_LENGTH).nullable().optional(),
};

/** POST /api/event/series/: with `recurrence` it is a repeating event and its occurrences are made. */
export const createSeriesRequestSchema = z.object({
  ...seriesFields,
  organization: z.string().optional(),
  recurrence: recurrenceRuleSchema.optional(),
});
export type CreateSeriesRequest = z.output<typeof createSeriesRequestSchema>;

/** PATCH: a new rule adds and removes future occurrences only. */
export const updateSeriesRequestSchema = z.object({
  ...seriesFields,
  name: seriesFields.name.optional(),
  recurrence: recurrenceRuleSchema.optional(),
});
export type UpdateSeriesRequest = z.output<typeof updateSeriesRequestSchema>;

// ----- Templates ------------------------------------------------------------------------------

/** What an event made from a template takes from it (each field as a template request sends it). */
const templateSettingsFields = {
  event_type: eventTypeSchema,
  host_type: hostTypeSchema,
  description: z.string().max(10_000).nullable(),
  location: z.string().max(EVENT_LOCATION_MAX_LENGTH).nullable(),
  timezone: timezoneSchema,
  /** The length of its events, minutes. */
  duration_minutes: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30),
  is_blueprint: z.boolean(),
  registration_form: z.string().max(255).nullable(),
  marketo_campaign_id: z.string().max(255).nullable(),
  salesforce_campaign_id: z.string().max(255).nullable(),
  wistia_project_id: z.string().max(255).nullable(),
  pardot_list: pardotListSchema.nullable(),
  tags: z.array(z.uuid()).max(100),
  ...eventRegistrationSettingsShape,
};

/**
 * Some settings (a request): only those given change. `builder_raw_json` is the template's
 * registration page, stored by the pages area (not among the stored settings).
 */
export const templateSettingsPatchSchema = z
  .object({ ...templateSettingsFields, builder_raw_json: registrationPageFieldSchema })
  .partial();

/** Every setting, with its default. */
export const templateSettingsSchema = z.object({
  event_type: templateSettingsFields.event_type.default('Conference'),
  host_type: templateSettingsFields.host_type.default('Virtual'),
  description: templateSettingsFields.description.default(null),
  location: templateSettingsFields.location.default(null),
  timezone: templateSettingsFields.timezone.default('UTC'),
  duration_minutes: templateSettingsFields.duration_minutes.default(60),
  is_blueprint: templateSettingsFields.is_blueprint.default(false),
  registration_form: templateSettingsFields.registration_form.default(null),
  marketo_campaign_id: templateSettingsFields.marketo_campaign_id.default(null),
  salesforce_campaign_id: templateSettingsFields.salesforce_campaign_id.default(null),
  wistia_project_id: templateSettingsFields.wistia_project_id.default(null),
  pardot_list: templateSettingsFields.pardot_list.default(null),
  tags: templateSettingsFields.tags.default([]),
  registration_capacity: templateSettingsFields.registration_capacity.default(null),
  waitlist_enabled: templateSettingsFields.waitlist_enabled.default(false),
  registration_approval_required: templateSettingsFields.registration_approval_required.default(false),
});
export type TemplateSettings = z.output<typeof templateSettingsSchema>;
/** The settings as answered (the zone already resolved), with the registration page's stored JSON. */
export const templateSettingsAnswerSchema = templateSettingsSchema.extend({
  timezone: z.string(),
  builder_raw_json: registrationPageAnswerSchema,
});

/** Spec 001 §3 "Studio template". */
export const templateSchema = z.object({
  id: z.string(),
  organization: z.string(),
  title: z.string(),
  workspace: nameRefSchema.nullable(),
  registration_form_data: registrationFormDataSchema.nullable(),
  settings: templateSettingsAnswerSchema,
  source_event: z.string().nullable(),
  ...bufferAndFillerAnswerShape,
  ...timestampFields,
});
export type StudioTemplate = z.infer<typeof templateSchema>;
/** GET and PATCH of one template: the template with its branding (002 §3.1, §3.2). */
export const templateDetailSchema = templateSchema.extend(brandingAnswerShape);
export type StudioTemplateDetail = z.infer<typeof templateDetailSchema>;

export const templateListQuerySchema = z.object({
  ...organizationListQuery,
  search: searchQuery,
  ...workspaceFilterQuery,
  ordering: z.enum(TEMPLATE_ORDERINGS).default('-created_at'),
});
export type TemplateListQuery = z.output<typeof templateListQuerySchema>;

const templateTitle = requiredText(TEMPLATE_TITLE_MAX_LENGTH);

export const createTemplateRequestSchema = z.object({
  title: templateTitle.default(NEW_TEMPLATE_TITLE),
  organization: z.string().optional(),
  workspace: z.uuid().nullable().optional(),
  registration_form_data: registrationFormDataSchema.nullable().optional(),
  settings: templateSettingsPatchSchema.optional(),
});
export type CreateTemplateRequest = z.output<typeof createTemplateRequestSchema>;

export const createTemplateFromEventRequestSchema = z.object({
  event: z.uuid(),
  title: templateTitle.optional(),
  workspace: z.uuid().nullable().optional(),
});

export const updateTemplateRequestSchema = z.object({
  title: templateTitle.optional(),
  workspace: z.uuid().nullable().optional(),
  registration_form_data: registrationFormDataSchema.nullable().optional(),
  /** Merged into the stored settings. */
  settings: templateSettingsPatchSchema.optional(),
  stage_roll_video_asset: stageRollVideoSchema,
  filler_slide: fillerSlideFieldSchema,
  ...brandingRequestShape,
});
export type UpdateTemplateRequest = z.output<typeof updateTemplateRequestSchema>;

export const duplicateTemplateRequestSchema = z.object({
  title: templateTitle.optional(),
  workspace: z.uuid().nullable().optional(),
});

/** POST /api/event/studio-templates/{id}/create_event/: the end defaults to start + the template's duration. */
export const createEventFromTemplateRequestSchema = z.object({
  title: eventTitle,
  ...eventTimesShape,
  start_time: dateTimeSchema,
  ...eventPlaceShape,
});
export type CreateEventFromTemplateRequest = z.output<typeof createEventFromTemplateRequestSchema>;

// ----- Hub pages ------------------------------------------------------------------------------

/** Spec 001 §3 "Event hub page", with the events it lists (in order). */
export const hubPageSchema = z.object({
  id: z.string(),
  organization: z.string(),
  name: z.string(),
  workspace: nameRefSchema.nullable(),
  events: z.array(eventMinimalSchema),
  ...timestampFields,
});
export type HubPage = z.infer<typeof hubPageSchema>;

export const hubPageListQuerySchema = z.object({
  ...organizationListQuery,
  name: searchQuery,
  ...workspaceFilterQuery,
  /** 000 §2 page scope: all, organisation pages, workspace pages (= workspace__isnull). */
  scope: z.enum(HUB_PAGE_SCOPES).optional(),
  ordering: z.enum(HUB_PAGE_ORDERINGS).default('-created_at'),
});
export type HubPageListQuery = z.output<typeof hubPageListQuerySchema>;

const hubPageName = requiredText(HUB_PAGE_NAME_MAX_LENGTH);
export const createHubPageRequestSchema = z.object({
  name: hubPageName,
  organization: z.string().optional(),
  workspace: z.uuid().nullable().optional(),
  events: z.array(z.uuid()).max(500).optional(),
});
export const updateHubPageRequestSchema = z.object({
  name: hubPageName.optional(),
  workspace: z.uuid().nullable().optional(),
  /** The events it lists, in order. */
  events: z.array(z.uuid()).max(500).optional(),
});
export type UpdateHubPageRequest = z.output<typeof updateHubPageRequestSchema>;
export const duplicateHubPageRequestSchema = z.object({
  name: hubPageName.optional(),
  workspace: z.uuid().nullable().optional(),
});

// ----- Tags -----------------------------------------------------------------------------------

/** Spec 001 §3 "Tag": id, tag_name, organization. */
export const tagSchema = z.object({
  id: z.string(),
  tag_name: z.string(),
  organization: z.string(),
  created_at: z.string(),
  events_count: z.number().int(),
  series_count: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListQuerySchema = z.object({
  ...organizationListQuery,
  search: searchQuery,
});

const tagName = requiredText(TAG_NAME_MAX_LENGTH);
export const createTagRequestSchema = z.object({
  organization: z.string().min(1, required),
  tag_name: tagName,
});
export const renameTagRequestSchema = z.object({ tag_name: tagName });
