import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { booleanQuery, manyValues, pageQuery, searchQuery, timestampFields } from '../events/query.ts';
import {
  BULK_MODERATION_MAX_USERS,
  EVENT_USER_STATUSES,
  FLAT_FILE_MAX_ROWS,
  REGISTRATION_SOURCES,
  type EventUserStatus,
} from './constants.ts';
import { formioDataSchema } from './form-components.ts';
import { registrantListMessages } from './messages.ts';

export const eventUserStatusSchema = z.enum(EVENT_USER_STATUSES);

// ── Forms (001 §7 "Registration"; issue 16 §1) ───────────────────────────────────────────────

/**
 * A registration form. An organisation's global forms (`is_global_form`, settings → forms) can be
 * chosen by many events; an event's own form (`event` set) belongs to that event alone. An event
 * points at its form by `registration_form` (the form's id) and `registration_form_data`
 * `{id, is_global_form}`; an event without one asks the base fields only.
 */
export const registrationFormSchema = z.object({
  id: z.string(),
  organization: z.string(),
  name: z.string(),
  is_global_form: z.boolean(),
  /** The event that owns it (null for a global form). */
  event: z.string().nullable(),
  formio_data: formioDataSchema,
  /** Events that use this form (a global form's reach). */
  event_count: z.number().int(),
  ...timestampFields,
});
export type RegistrationForm = z.infer<typeof registrationFormSchema>;
export const registrationFormPageSchema = pageSchema(registrationFormSchema);

/** GET /api/event/forms/?organization=&is_global_form=&search= */
export const registrationFormListQuerySchema = z.object({
  ...pageQuery,
  organization: z.uuid().optional(),
  is_global_form: booleanQuery.optional(),
  event: z.uuid().optional(),
  search: searchQuery,
  ordering: z.enum(['name', '-name', 'created_at', '-created_at', 'updated_at', '-updated_at']).optional(),
});

/** POST /api/event/forms/: a global form, or an event's own (`event`). */
export const createRegistrationFormSchema = z.object({
  name: z.string().trim().min(1).max(255),
  is_global_form: z.boolean().default(true),
  event: z.uuid().nullable().optional(),
  formio_data: formioDataSchema.default({ components: [] }),
});

/**
 * PUT /api/event/forms/{id}/ `{formio_data, form, event}` (001 §7): `form` is the form's name
 * (and other settings), `event` the event whose registration form it becomes (optional).
 */
export const updateRegistrationFormSchema = z.object({
  formio_data: formioDataSchema,
  form: z.object({ name: z.string().trim().min(1).max(255).optional() }).optional(),
  event: z.uuid().nullable().optional(),
});
export type RegistrationFormListQuery = z.infer<typeof registrationFormListQuerySchema>;
export type CreateRegistrationForm = z.infer<typeof createRegistrationFormSchema>;
export type UpdateRegistrationForm = z.infer<typeof updateRegistrationFormSchema>;

// ── Event registration settings (GET|PATCH /api/event/{id}/registration_settings/) ──────────

/** An event's registration settings, kept by registration (plan gates: registrantCap, waitlist). */
export const eventRegistrationSettingsShape = {
  /** Seats; null: unlimited. */
  registration_capacity: z.number().int().min(1).max(1_000_000).nullable(),
  waitlist_enabled: z.boolean(),
  /** Registrations wait (Waitlisted) until an organiser approves (Registered) or rejects them. */
  registration_approval_required: z.boolean(),
};
export const eventRegistrationSettingsSchema = z.object(eventRegistrationSettingsShape);
export type EventRegistrationSettings = z.infer<typeof eventRegistrationSettingsSchema>;
/** What an event without settings of its own has: unlimited seats, no waitlist, no approval. */
export const DEFAULT_REGISTRATION_SETTINGS: EventRegistrationSettings = {
  registration_capacity: null,
  waitlist_enabled: false,
  registration_approval_required: false,
};
/** PATCH: only the settings given change (unknown fields refused). */
export const updateEventRegistrationSettingsSchema = eventRegistrationSettingsSchema.partial().strict();
export type UpdateEventRegistrationSettings = z.infer<typeof updateEventRegistrationSettingsSchema>;

// ── Register (public; 002 §8.11) ─────────────────────────────────────────────────────────────

/**
 * POST /api/event/{id}/register/ — the form's answers with `email`, `first_name`, `last_name`
 * (validated against the event's form by `answersSchemaFor`), plus `timezone` (the visitor's,
 * for the email) and `one_click` (a known person's registration token, when the organisation has
 * one-click register).
 */
export const registerMetaSchema = z.object({
  timezone: z.string().max(64).optional(),
  one_click: z.string().max(500).optional(),
});

/** The answer of a successful register call (201). */
export const registerAnswerSchema = z.object({
  event: z.string(),
  event_user_status: eventUserStatusSchema,
  /** True when the registration waits for the organiser's approval. */
  awaiting_approval: z.boolean(),
  message: z.string(),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** POST /api/event/series/{id}/register/: the same body, plus which of the series' events (default: every upcoming one). */
export const seriesRegisterMetaSchema = registerMetaSchema.extend({
  events: z.array(z.uuid()).min(1, registrantListMessages.seriesEventsRequired).max(500).optional(),
});
/**
 * Which event's registration form a series registration answers: the first of the chosen events in
 * the series' order (the public page, the register call and the studio's Register for Series alike),
 * whatever order the chosen ids come in. Undefined when none of the series' events is chosen.
 */
export function seriesFormEventOf<Id>(seriesEvents: readonly Id[], chosen: readonly Id[]): Id | undefined {
  return seriesEvents.find((event) => chosen.includes(event));
}

/** One event of a series registration: its status, or the code refusing it (status null then). */
export const seriesRegisterResultSchema = z.object({
  event: z.string(),
  event_user_status: eventUserStatusSchema.nullable(),
  awaiting_approval: z.boolean(),
  message: z.string(),
  /** The 002 §8.11 code of a refusal; null when registered or waitlisted. */
  code: z.string().nullable(),
});
export type SeriesRegisterResult = z.infer<typeof seriesRegisterResultSchema>;
export const seriesRegisterAnswerSchema = z.object({
  series: z.string(),
  results: z.array(seriesRegisterResultSchema),
});
export type SeriesRegisterAnswer = z.infer<typeof seriesRegisterAnswerSchema>;

// ── Event members (002 §7.13) ────────────────────────────────────────────────────────────────

/** A registrant of an event, as the registrants table shows them (000 §3: Name, Email, Company, Title, Events). */
export const eventMemberSchema = z.object({
  /** The registration's id (the ATTENDEE event role's id). */
  id: z.string(),
  event: z.string(),
  user: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  /** The events of the organisation this person is registered for (id and title), this one first. */
  events: z.array(z.object({ id: z.string(), title: z.string() })),
  event_user_status: eventUserStatusSchema,
  /** Waitlisted for the organiser's approval (the event requires it), not for a seat (awaitsApproval). */
  awaiting_approval: z.boolean(),
  is_blocked: z.boolean(),
  source: z.enum(REGISTRATION_SOURCES),
  /** The form's answers, by component key. */
  answers: z.record(z.string(), z.unknown()),
  registered_at: z.string(),
  waitlisted_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
});
export type EventMember = z.infer<typeof eventMemberSchema>;
export const eventMemberPageSchema = pageSchema(eventMemberSchema);

/**
 * Sorts by the registrant's name, email or company, both ways: the series registrants list's; the
 * event members list adds the registration time.
 */
export const SERIES_REGISTRANT_ORDERINGS = [
  'first_name',
  '-first_name',
  'email',
  '-email',
  'company',
  '-company',
] as const;
export const EVENT_MEMBER_ORDERINGS = [
  'registered_at',
  '-registered_at',
  ...SERIES_REGISTRANT_ORDERINGS,
] as const;

/** GET /api/event/event-members/?event= (20 per page); also the export's query. */
export const eventMemberListQuerySchema = z.object({
  ...pageQuery,
  event: z.uuid(),
  search: searchQuery,
  event_user_status: manyValues(eventUserStatusSchema).optional(),
  is_blocked: booleanQuery.optional(),
  company__in: manyValues(z.string().max(150)).optional(),
  ordering: z.enum(EVENT_MEMBER_ORDERINGS).optional(),
});
export type EventMemberListQuery = z.infer<typeof eventMemberListQuerySchema>;

/** A person an organiser registers by hand: the form's base fields, and their company (and title). */
const personByHand = {
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  first_name: z.string().trim().min(1).max(150),
  last_name: z.string().trim().min(1).max(150),
  company: z.string().trim().max(150).optional(),
};

/** A registration form's answers by component key, checked by the server against the form (`checkRegistrationAnswers`). */
const formAnswers = z.record(z.string(), z.unknown());

/**
 * POST /api/event/event-members/: an organiser registers someone by hand (the capacity and
 * waitlist apply) with their answers to the registration form `form_id` (the event's form when
 * none is named), checked as the attendee's own. Answered 202: the registration is processed by a job.
 */
export const addEventMemberSchema = z.object({
  event: z.uuid(),
  form_id: z.uuid().nullable().optional(),
  ...personByHand,
  title: z.string().trim().max(150).optional(),
  answers: formAnswers.default({}),
  /** Send the confirmation email (default true). */
  send_email: z.boolean().default(true),
});

/**
 * PATCH /api/event/event-members/{id}/: approve or promote (REGISTRATION, capacity checked),
 * reject, cancel, mark attended / no show.
 */
export const updateEventMemberSchema = z.object({ event_user_status: eventUserStatusSchema });

// ── Bulk moderation (002 §4.9, §7.13) ───────────────────────────────────────────────────────

/** POST /api/event/{id}/bulk_block/ | bulk_unblock/ | bulk_delete/ (and appbase_*): listed users (ids or emails) or a search query. */
export const bulkModerationSchema = z.union([
  z.object({
    users: z
      .array(z.union([z.uuid(), z.string().trim().toLowerCase().email()]))
      .min(1)
      .max(BULK_MODERATION_MAX_USERS),
  }),
  z.object({
    search: z.string().trim().max(255),
    event_user_status: manyValues(eventUserStatusSchema).optional(),
  }),
]);
export type BulkModeration = z.infer<typeof bulkModerationSchema>;
export const bulkModerationAnswerSchema = z.object({ count: z.number().int() });

// ── Flat file import (002 §7.13a) ──────────────────────────────────────────────────────────

/**
 * POST /api/event/{id}/flat_file/validate/ (multipart, one CSV file) → the sheet kept for submit.
 * Every valid row is imported on submit; rejected rows are reported and skipped.
 */
export const flatFileRowErrorSchema = z.object({
  /** 1-based line number in the file (the header is line 1). */
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export const flatFileValidationSchema = z.object({
  sheet_id: z.string(),
  /** Rows that will be imported. */
  rows: z.number().int(),
  total_rows: z.number().int(),
  errors: z.array(flatFileRowErrorSchema).max(FLAT_FILE_MAX_ROWS),
});
export type FlatFileValidation = z.infer<typeof flatFileValidationSchema>;
export const flatFileSubmitSchema = z.object({ sheet_id: z.uuid() });
export const flatFileSubmitAnswerSchema = z.object({
  created: z.number().int(),
  /** Already registered: left as they were. */
  existing: z.number().int(),
  waitlisted: z.number().int(),
  rejected: z.number().int(),
});

// ── Counts ──────────────────────────────────────────────────────────────────────────────────

/** GET /api/event/{id}/total_registrants/?limit=20: the count and the latest registrants. */
export const totalRegistrantsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(20),
});
/** How many registrants hold each status: all six statuses, each 0 when nobody holds it. */
export const registrantsByStatusSchema = z.object(
  Object.fromEntries(EVENT_USER_STATUSES.map((status) => [status, z.number().int().min(0)])) as Record<
    EventUserStatus,
    z.ZodNumber
  >,
);
export type RegistrantsByStatus = z.infer<typeof registrantsByStatusSchema>;

/** Counts per status (as grouped by the database) as every status's count, the missing ones 0. */
export function registrantsByStatus(
  counts: readonly { status: EventUserStatus; count: number | string | bigint }[],
): RegistrantsByStatus {
  const byStatus = Object.fromEntries(
    EVENT_USER_STATUSES.map((status) => [status, 0]),
  ) as RegistrantsByStatus;
  for (const row of counts) byStatus[row.status] += Number(row.count);
  return byStatus;
}

export const totalRegistrantsSchema = z.object({
  count: z.number().int(),
  by_status: registrantsByStatusSchema,
  results: z.array(eventMemberSchema),
});

/** GET /api/core/organization/{id}/attendee_count/ (002 §3.14). */
export const attendeeCountSchema = z.object({
  /** Distinct people who attended the organisation's events (present online or checked in) in the contract period. */
  attendee_count: z.number().int(),
  /** The plan's attendee allowance; null: unlimited. */
  attendee_limit: z.number().int().nullable(),
  period_start: z.string().nullable(),
});
export type AttendeeCount = z.infer<typeof attendeeCountSchema>;

// ── Check-in (issue 16 §6) ────────────────────────────────────────────────────────────────────

/**
 * POST /api/event/{id}/attendance/ (the in-person attendance call): by registration id, or by the
 * QR code's text. Marking twice answers the same (already checked in).
 */
export const attendanceSchema = z.union([
  z.object({ member: z.uuid(), attended: z.boolean().default(true) }),
  z.object({ code: z.string().min(1).max(500), attended: z.boolean().default(true) }),
]);
export const checkInCountsSchema = z.object({ checked_in: z.number().int(), registered: z.number().int() });
export type CheckInCounts = z.infer<typeof checkInCountsSchema>;
export const attendanceAnswerSchema = z.object({
  member: eventMemberSchema,
  /** False when the person was already checked in. */
  changed: z.boolean(),
  counts: checkInCountsSchema,
});

// ── Series registrants (002 §3.13, §7.10) ─────────────────────────────────────────────────────

export const seriesRegistrantSchema = z.object({
  /** The person's user id. */
  id: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  events: z.array(z.object({ id: z.string(), title: z.string(), event_user_status: eventUserStatusSchema })),
});
export type SeriesRegistrant = z.infer<typeof seriesRegistrantSchema>;
export const seriesRegistrantPageSchema = pageSchema(seriesRegistrantSchema);

/** GET /api/event/series-registrants/?series= (25 per page; ordering first_name by default). */
export const seriesRegistrantListQuerySchema = z.object({
  ...pageQuery,
  series: z.uuid(),
  search: searchQuery,
  company__in: manyValues(z.string().max(150)).optional(),
  events__in: manyValues(z.uuid()).optional(),
  ordering: z.enum(SERIES_REGISTRANT_ORDERINGS).optional(),
});

/**
 * POST /api/event/series-registrants/: register a user for a series `{events, form_id, user,
 * event_user_status}` (002 §7.10). `user` is one of the organisation's people (their id), or the
 * form's submission: the base fields, the person's company, and the answers of the form `form_id`
 * (the first chosen event's form when none is named) by component key, checked as the attendee's own.
 */
export const registerSeriesUserSchema = z.object({
  series: z.uuid(),
  events: z.array(z.uuid()).min(1).max(500),
  form_id: z.uuid().nullable().optional(),
  user: z.union([z.uuid(), z.looseObject(personByHand)]),
  event_user_status: eventUserStatusSchema.default('REGISTRATION'),
});

// ── Series registrants: the answer of registering a user for a series (issue 16 §4) ────────

/** POST /api/event/series-registrants/: per event, the status given or the code refusing it. */
export const seriesUserRegistrationAnswerSchema = z.object({
  series: z.string(),
  user: z.string().nullable(),
  results: z.array(
    z.object({
      event: z.string(),
      ok: z.boolean(),
      event_user_status: eventUserStatusSchema.nullable(),
      code: z.string().nullable(),
      message: z.string(),
    }),
  ),
});
export type SeriesUserRegistrationAnswer = z.infer<typeof seriesUserRegistrationAnswerSchema>;
