import { EVENT_ROLES, type EventRole } from '../rooms-booths/constants.ts';
import { catalogueKeys } from '../records.ts';

/** 002 §9: speakers are listed 25 a page; speaker and staff roles with a limit of 10. */
export const SPEAKERS_PAGE_SIZE = 25;
export const SPEAKER_ROLE_LIMIT = 10;
export const STAFF_ROLE_LIMIT = 10;
/** Staff and check-in staff lists read the whole event (organisers add a handful). */
export const STAFF_PAGE_SIZE = 100;

/** The event roles an organiser manages on the people pages (sponsors come from booths). */
export const PEOPLE_EVENT_ROLES = [EVENT_ROLES.SPEAKER, EVENT_ROLES.CHECK_IN_STAFF] as const;
/** Staff (producers, coordinators) hold ORGANIZER in the event with `user_type` staff (002 §7.7). */
export const STAFF_USER_TYPE = 'staff';

/** 002 §6: the role groups of the event_app realm. */
export const ROLE_GROUPS = { speaker: 'Speaker Roles', staff: 'Staff Roles' } as const;
export type RoleGroup = (typeof ROLE_GROUPS)[keyof typeof ROLE_GROUPS];

/** 002 §3.9: speaker permission levels and their labels. */
export const SPEAKER_PERMISSION_LABELS = {
  StageAccess: 'Stage Access',
  ShareAccess: 'Share Access',
  FullAccess: 'Full Access',
};
export type SpeakerPermissionLevel = keyof typeof SPEAKER_PERMISSION_LABELS;
export const SPEAKER_PERMISSION_LEVELS = catalogueKeys(SPEAKER_PERMISSION_LABELS);
/**
 * The fixed priority the speaker roles are listed in (002 §6 "not shown": ours). The last listed
 * option is the fallback for a speaker without a role, so the least access comes last.
 */
export const SPEAKER_ROLE_PRIORITY: readonly SpeakerPermissionLevel[] = [
  'FullAccess',
  'ShareAccess',
  'StageAccess',
];

/** 000 §1 / 002 §6: the staff roles offered, with their descriptions verbatim. */
export const STAFF_ROLE_DESCRIPTIONS = {
  PRODUCER: 'Producer has backstage access and can use all features to run an event.',
  COORDINATOR:
    'Coordinator has backstage access but cannot go on stage; they can only share content to the stage and engage with the audience via chat, Q&A, polls and surveys.',
};
export const STAFF_ROLE_NAMES = catalogueKeys(STAFF_ROLE_DESCRIPTIONS);

/** 002 §3.9, 001 §9: the people's email types; invitations go on creation, reminders before the start. */
export const PEOPLE_EMAIL_TYPES = [
  'SpkInvite',
  'Spk-Reminder-1h',
  'Spk-Reminder-1d',
  'StaffInvite',
  'Staff-Reminder-1h',
  'Staff-Reminder-1d',
] as const;
export type PeopleEmailType = (typeof PEOPLE_EMAIL_TYPES)[number];
export const INVITE_EMAIL_TYPES = ['SpkInvite', 'StaffInvite'] as const;
export type InviteEmailType = (typeof INVITE_EMAIL_TYPES)[number];
/**
 * Reminders and who gets them (001 §9 "speaker and staff reminders 1h and 1d"); their time is the
 * event's email schedule's (by default 1 hour and 1 day before the start, email/schedules.ts).
 */
export const PEOPLE_REMINDERS: readonly { type: PeopleEmailType; audience: 'speaker' | 'staff' }[] = [
  { type: 'Spk-Reminder-1h', audience: 'speaker' },
  { type: 'Spk-Reminder-1d', audience: 'speaker' },
  { type: 'Staff-Reminder-1h', audience: 'staff' },
  { type: 'Staff-Reminder-1d', audience: 'staff' },
];

/** A speaker's bio (rich text is not offered: plain text shown on the attendee pages). */
export const SPEAKER_BIO_MAX_LENGTH = 2000;
/** 002 §5.2: the X/Twitter handle is up to 15 word characters. */
export const TWITTER_HANDLE_MAX_LENGTH = 15;
/** Bulk actions and reorders name at most this many people at once. */
export const PEOPLE_BULK_MAX = 5000;

/** The attendee-origin path a magic link opens (the event app's entrance, issue 17 grows it). */
export const eventEntrancePath = (eventId: string) => `/e/${eventId}/enter`;
export const eventAppPath = (eventId: string) => `/e/${eventId}/live`;
/**
 * POST: the browser leaves the event (its sign-in cookie cleared) and lands on the event app's
 * "you left" page, which tells how to come back (the link in the email, or register again for it).
 */
export const eventLeavePath = (eventId: string) => `/e/${eventId}/leave`;
/** Where leaving lands: the event app without a sign-in, saying the person left. */
export const eventLeftPath = (eventId: string) => `${eventAppPath(eventId)}?left=1`;

/** How the attendee origin names a person's part in an event ("Signed in as Ada Lovelace · Speaker"). */
export const EVENT_PERSON_ROLE_LABELS = {
  speaker: 'Speaker',
  producer: 'Producer',
  coordinator: 'Coordinator',
  checkInStaff: 'Check-in Staff',
  sponsor: 'Sponsor',
  attendee: 'Attendee',
} as const;
export type EventPersonRoleLabel = (typeof EVENT_PERSON_ROLE_LABELS)[keyof typeof EVENT_PERSON_ROLE_LABELS];
/** Of several roles in one event, the one named first: the most access backstage first. */
export const EVENT_ROLE_PRECEDENCE: readonly EventRole[] = [
  EVENT_ROLES.ORGANIZER,
  EVENT_ROLES.SPEAKER,
  EVENT_ROLES.CHECK_IN_STAFF,
  EVENT_ROLES.SPONSOR,
  EVENT_ROLES.ATTENDEE,
];
