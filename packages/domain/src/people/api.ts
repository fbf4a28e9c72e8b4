import { z } from 'zod';
import { pageSchema } from '../api.ts';
import {
  booleanQuery,
  manyValues,
  optionalText,
  pageQuery,
  required,
  searchQuery,
  requiredText,
} from '../events/query.ts';
import { isFileContentPath } from '../files/file-urls.ts';
import { updateUserRequestSchema } from '../identity.ts';
import { EVENT_ROLES } from '../rooms-booths/constants.ts';
import {
  INVITE_EMAIL_TYPES,
  PEOPLE_BULK_MAX,
  PEOPLE_EMAIL_TYPES,
  SPEAKER_BIO_MAX_LENGTH,
  STAFF_USER_TYPE,
} from './constants.ts';
import { peopleMessages } from './messages.ts';
import { isLinkedInProfileUrl, isTwitterProfileUrl } from './rules.ts';

const eventRoleNumber = z.union([
  z.literal(EVENT_ROLES.ATTENDEE),
  z.literal(EVENT_ROLES.ORGANIZER),
  z.literal(EVENT_ROLES.SPEAKER),
  z.literal(EVENT_ROLES.SPONSOR),
  z.literal(EVENT_ROLES.CHECK_IN_STAFF),
]);
const uniqueIds = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .refine((list) => new Set(list).size === list.length, { message: 'Each id may appear only once.' });

const optionalLink = (valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .refine((value) => value === '' || valid(value), message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
/** A picture: a web address or an uploaded file's content path. */
const optionalPictureUrl = optionalLink(
  (value) => z.url({ protocol: /^https?$/ }).safeParse(value).success || isFileContentPath(value),
  'Enter a valid URL.',
);

/** The profile fields of a person as the organisation shows them (speaker cards, attendee pages). */
export const personProfileFields = {
  title: optionalText(150),
  company: optionalText(150),
  profile_picture_url: optionalPictureUrl,
  linkedin_url: optionalLink(isLinkedInProfileUrl, peopleMessages.invalidLinkedIn),
  twitter_url: optionalLink(isTwitterProfileUrl, peopleMessages.invalidTwitter),
  bio: optionalText(SPEAKER_BIO_MAX_LENGTH),
};
export const personProfileSchema = z.object(personProfileFields);
export type PersonProfileInput = z.input<typeof personProfileSchema>;

/** A new person named by their details (created as an event-only person when not a member). */
export const newPersonSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  first_name: requiredText(150),
  last_name: requiredText(150),
  ...personProfileFields,
});
export type NewPerson = z.input<typeof newPersonSchema>;

/** `user`: an existing user's id, or the person's details. */
export const personRefSchema = z.union([z.uuid(), newPersonSchema]);

/** A person in an event, as the organisation knows them (its own profile of them). */
export const eventPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  bio: z.string().nullable(),
  /** Whether the person is a member of the organisation (else an event-only person, no studio access). */
  is_member: z.boolean(),
});
export type EventPerson = z.infer<typeof eventPersonSchema>;

/** A role assignment per session: the role (an event_app role id) and the sessions it applies to. */
export const permissionRoleSchema = z.object({ role: z.string(), broadcasts: z.array(z.string()) });
export type PermissionRole = z.infer<typeof permissionRoleSchema>;
const permissionRolesInput = z
  .array(z.object({ role: z.uuid(), broadcasts: uniqueIds(1000) }))
  .max(100)
  .refine(
    (list) => {
      const sessions = list.flatMap((entry) => entry.broadcasts);
      return new Set(sessions).size === sessions.length;
    },
    { message: 'A session may have one role only.' },
  );

/**
 * An event role (002 §3.9–3.10): a person's part in one event. `broadcasts` are every session
 * they are in; `permission_roles` the role they hold per session; `event_app_role` their role
 * where no session names one.
 */
export const eventRoleSchema = z.object({
  id: z.string(),
  event: z.string(),
  role: eventRoleNumber,
  user_type: z.string().nullable(),
  user: eventPersonSchema,
  rank: z.number().int(),
  hidden: z.boolean(),
  broadcasts: z.array(z.string()),
  event_app_role: z.string().nullable(),
  permission_roles: z.array(permissionRoleSchema),
  organization_user: z.object({ profile_picture_url: z.string().nullable() }),
  invited_at: z.string().nullable(),
  created_at: z.string(),
});
export type EventRoleAnswer = z.infer<typeof eventRoleSchema>;
export const eventRolePageSchema = pageSchema(eventRoleSchema);

/** GET /api/event/event-roles/?event=&role=4 (speakers, by rank) or 8 (check-in staff). */
export const eventRoleListQuerySchema = z.object({
  ...pageQuery,
  event: z.string().max(100),
  role: z.coerce.number().pipe(eventRoleNumber),
  search: searchQuery,
  company__in: manyValues(z.string().max(150)).optional(),
  hidden: booleanQuery.optional(),
  broadcast: z.uuid().optional(),
  ordering: z
    .enum(['rank', '-rank', 'created_at', '-created_at', 'first_name', '-first_name'])
    .default('rank'),
});
export type EventRoleListQuery = z.infer<typeof eventRoleListQuerySchema>;

const inviteFlags = {
  send_email_invite: z.boolean().default(false),
  send_calendar_invite: z.boolean().default(false),
};

/**
 * POST /api/event/event-roles/: a speaker (role 4) or check-in staff (role 8). `user` names the
 * person; check-in staff may instead carry `first_name`, `last_name`, `email` (002 §7.7).
 */
export const createEventRoleSchema = z
  .object({
    event: z.string().max(100),
    role: z.union([z.literal(EVENT_ROLES.SPEAKER), z.literal(EVENT_ROLES.CHECK_IN_STAFF)]),
    user: personRefSchema.optional(),
    email: newPersonSchema.shape.email.optional(),
    first_name: newPersonSchema.shape.first_name.optional(),
    last_name: newPersonSchema.shape.last_name.optional(),
    broadcasts: uniqueIds(1000).default([]),
    event_app_role: z.uuid().nullable().optional(),
    permission_roles: permissionRolesInput.optional(),
    hidden: z.boolean().default(false),
    ...inviteFlags,
  })
  .refine((body) => body.user !== undefined || (body.email && body.first_name && body.last_name), {
    message: peopleMessages.personRequired,
    path: ['user'],
  });
export type CreateEventRole = z.input<typeof createEventRoleSchema>;

/** PATCH /api/event/event-roles/{id}/ (002 §7.7 "Update a speaker: hidden, broadcasts"). */
export const updateEventRoleSchema = z.object({
  hidden: z.boolean().optional(),
  broadcasts: uniqueIds(1000).optional(),
  event_app_role: z.uuid().nullable().optional(),
  permission_roles: permissionRolesInput.optional(),
});
export type UpdateEventRole = z.input<typeof updateEventRoleSchema>;

/** POST /api/event/event-roles/reorder/ (002 §7.7): new ranks of some of one event's speakers. */
export const reorderEventRolesSchema = z.object({
  updated_ranks: z
    .array(z.object({ event_role: z.uuid(), rank: z.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(PEOPLE_BULK_MAX)
    .refine((list) => new Set(list.map((entry) => entry.event_role)).size === list.length, {
      message: 'Each person may appear only once.',
    }),
});
export type ReorderEventRoles = z.infer<typeof reorderEventRolesSchema>;

/** A selection (002 §4.7): listed ids, or all with the rows toggled off as exclusions. */
export const peopleSelectionSchema = z.object({
  all: z.boolean().default(false),
  ids: uniqueIds(PEOPLE_BULK_MAX).optional(),
  excluded: uniqueIds(PEOPLE_BULK_MAX).optional(),
});

export const PEOPLE_BULK_ACTIONS = ['remove', 'hide', 'show', 'resend_invite'] as const;
export type PeopleBulkAction = (typeof PEOPLE_BULK_ACTIONS)[number];

/** POST /api/event/event-roles/bulk/: one action on a selection of one event's people of one role. */
export const bulkEventRolesSchema = z.object({
  event: z.string().max(100),
  role: z.union([
    z.literal(EVENT_ROLES.SPEAKER),
    z.literal(EVENT_ROLES.ORGANIZER),
    z.literal(EVENT_ROLES.CHECK_IN_STAFF),
  ]),
  action: z.enum(PEOPLE_BULK_ACTIONS),
  selection: peopleSelectionSchema,
  /** With resend_invite: attach the sessions' calendar invitations too. */
  send_calendar_invite: z.boolean().default(false),
});
export type BulkEventRoles = z.input<typeof bulkEventRolesSchema>;
/** Remove, hide and show answer how many changed; resend_invite answers the job that sends them. */
export const bulkEventRolesAnswerSchema = z.object({ count: z.number().int(), job: z.string().nullable() });
export type BulkEventRolesAnswer = z.infer<typeof bulkEventRolesAnswerSchema>;

/** GET /api/event/people-jobs/{id}/: a bulk invitation's progress (also pushed as `people-job-updated`). */
export const peopleJobSchema = z.object({
  id: z.string(),
  event: z.string(),
  kind: z.literal('invite'),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
});
export type PeopleJob = z.infer<typeof peopleJobSchema>;

// ----- Staff --------------------------------------------------------------------------------------

/** 002 §3.10 "Staff member": `roles` each with role {id, name} and the sessions it applies to. */
export const staffMemberSchema = eventRoleSchema.extend({
  roles: z.array(
    z.object({ role: z.object({ id: z.string(), name: z.string() }), broadcasts: z.array(z.string()) }),
  ),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffPageSchema = pageSchema(staffMemberSchema);

/** GET /api/event/staff/?event=&user_type=staff&ordering=created_at */
export const staffListQuerySchema = z.object({
  ...pageQuery,
  event: z.string().max(100),
  user_type: z.literal(STAFF_USER_TYPE).default(STAFF_USER_TYPE),
  ordering: z.enum(['created_at', '-created_at']).default('created_at'),
});

/** POST /api/event/staff/: event, user, broadcasts, event_app_role, user_type staff, invite flags. */
export const createStaffSchema = z.object({
  event: z.string().max(100),
  user: personRefSchema,
  user_type: z.literal(STAFF_USER_TYPE).default(STAFF_USER_TYPE),
  broadcasts: uniqueIds(1000).default([]),
  event_app_role: z.uuid(),
  permission_roles: permissionRolesInput.optional(),
  ...inviteFlags,
});
export type CreateStaff = z.input<typeof createStaffSchema>;

/** PATCH /api/event/staff/{id}/: the roles per session. */
export const updateStaffSchema = z.object({
  broadcasts: uniqueIds(1000).optional(),
  event_app_role: z.uuid().optional(),
  permission_roles: permissionRolesInput.optional(),
});
export type UpdateStaff = z.input<typeof updateStaffSchema>;

// ----- Default speaker role, email config, magic links, people lookups ----------------------------

/** GET|PUT /api/event/{id}/default_speaker_role/ */
export const defaultSpeakerRoleSchema = z.object({ event: z.string(), role: z.string().nullable() });
export const updateDefaultSpeakerRoleSchema = z.object({ role: z.uuid().nullable() });

/** GET /api/event/email-config/?event=&email_type= (SpkInvite, StaffInvite, reminders). */
export const emailConfigQuerySchema = z.object({
  ...pageQuery,
  event: z.string().max(100),
  email_type: z.enum(PEOPLE_EMAIL_TYPES).optional(),
});
export const emailConfigSchema = z.object({
  id: z.string(),
  event: z.string(),
  email_type: z.enum(PEOPLE_EMAIL_TYPES),
  subject: z.string(),
  body: z.string(),
  enabled: z.boolean(),
  /** Sent on creation (invitations) or this many minutes before the start (reminders). */
  minutes_before_start: z.number().int().nullable(),
  is_default: z.boolean(),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;
export const emailConfigPageSchema = pageSchema(emailConfigSchema);
export const inviteEmailTypeSchema = z.enum(INVITE_EMAIL_TYPES);

/** Whose magic link: a person of one event, by email or by user id. */
const magicLinkPersonSchema = z
  .object({
    event_id: z.string().max(100),
    email: z.string().trim().toLowerCase().max(254).optional(),
    user_id: z.string().max(100).optional(),
  })
  .refine((person) => person.email || person.user_id, { message: required, path: ['email'] });
/** GET /api/event/magic_link/?email=&event_id= (or user_id=&event_id=) → {url} (002 §7.6). */
export const magicLinkQuerySchema = magicLinkPersonSchema;
export const magicLinkAnswerSchema = z.object({ url: z.string() });
/** POST /api/event/magic_link/reissue/: a new link; the previous one stops working. */
export const reissueMagicLinkSchema = magicLinkPersonSchema;

/**
 * PATCH /api/core/user/{id}/ with `org_user {event, org_user_data}` (002 §7.6): the organisation's
 * profile of a person of one of its events (a speaker who is not a member included).
 */
export const orgUserPatchSchema = z.object({
  event: z.string().max(100),
  org_user_data: personProfileSchema.extend({
    first_name: newPersonSchema.shape.first_name.optional(),
    last_name: newPersonSchema.shape.last_name.optional(),
  }),
});
export type OrgUserPatch = z.input<typeof orgUserPatchSchema>;

/**
 * PATCH /api/core/user/{id}/: an admin's change of a member, or — with `org_user` — an event
 * organiser's change of the organisation's profile of a person of that event (then only `org_user`
 * applies, and `event:update` on the event is what it takes).
 */
export const patchUserRequestSchema = updateUserRequestSchema.extend({
  org_user: orgUserPatchSchema.optional(),
});

/** A speaker as a session shows it (`speakers` of a broadcast). */
export const broadcastSpeakerSchema = z.object({
  id: z.string(),
  user: eventPersonSchema.pick({
    id: true,
    first_name: true,
    last_name: true,
    title: true,
    company: true,
    profile_picture_url: true,
  }),
  role: z.string().nullable(),
  rank: z.number().int(),
  hidden: z.boolean(),
});
export type BroadcastSpeaker = z.infer<typeof broadcastSpeakerSchema>;

/** How many of the events a person works at (latest first) one page of their studio landing lists. */
export const MY_EVENTS_PAGE_SIZE = 50;

/**
 * `GET /api/core/user/me/events/` (paged): an event the signed-in person works at (speaker, staff,
 * check-in staff), any organisation, with the address of its event app on the attendee origin.
 */
export const myEventSchema = z.object({
  event: z.string(),
  title: z.string(),
  start_time: z.string(),
  role: z.string(),
  event_app_url: z.string(),
});
export type MyEvent = z.infer<typeof myEventSchema>;
/** `GET /api/core/user/me/events/?limit=&offset=`: a page of them (MY_EVENTS_PAGE_SIZE unless `limit` says). */
export const myEventsSchema = pageSchema(myEventSchema);
