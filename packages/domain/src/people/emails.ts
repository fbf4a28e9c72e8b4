import { PEOPLE_REMINDERS, type PeopleEmailType } from './constants.ts';

/**
 * The people emails' default texts (002 §3.9, §3.10, 001 §9). Until the email-templates issue
 * makes them editable, every event uses these. `{name}` placeholders are filled per person.
 */
export const PEOPLE_EMAIL_PLACEHOLDERS = [
  'first_name',
  'last_name',
  'event_title',
  'event_time',
  'sessions',
  'magic_link',
] as const;
export type PeopleEmailPlaceholder = (typeof PEOPLE_EMAIL_PLACEHOLDERS)[number];
export type PeopleEmailValues = Record<PeopleEmailPlaceholder, string>;

export interface PeopleEmailDefault {
  subject: string;
  body: string;
  /** Who receives it. */
  audience: 'speaker' | 'staff';
  /** null: sent when the person is added (or re-invited); else this many minutes before the start. */
  minutesBeforeStart: number | null;
}

const reminderMinutes = (type: PeopleEmailType) =>
  PEOPLE_REMINDERS.find((reminder) => reminder.type === type)?.minutesBefore ?? null;

const joinAs = (who: string) =>
  `Join as ${who} with your personal link (it signs you in, so please keep it to yourself):\n{magic_link}`;

export const PEOPLE_EMAIL_DEFAULTS: Record<PeopleEmailType, PeopleEmailDefault> = {
  SpkInvite: {
    subject: 'You are speaking at {event_title}',
    body: [
      'Hello {first_name},',
      'You are invited to speak at {event_title}, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('a speaker'),
      'See you on stage!',
    ].join('\n\n'),
    audience: 'speaker',
    minutesBeforeStart: null,
  },
  'Spk-Reminder-1d': {
    subject: 'Tomorrow: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts tomorrow, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('a speaker'),
    ].join('\n\n'),
    audience: 'speaker',
    minutesBeforeStart: reminderMinutes('Spk-Reminder-1d'),
  },
  'Spk-Reminder-1h': {
    subject: 'Starting in an hour: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts in an hour, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('a speaker'),
    ].join('\n\n'),
    audience: 'speaker',
    minutesBeforeStart: reminderMinutes('Spk-Reminder-1h'),
  },
  StaffInvite: {
    subject: 'You are on the team for {event_title}',
    body: [
      'Hello {first_name},',
      'You are invited to help run {event_title}, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('staff'),
      'Thank you for making it happen!',
    ].join('\n\n'),
    audience: 'staff',
    minutesBeforeStart: null,
  },
  'Staff-Reminder-1d': {
    subject: 'Tomorrow: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts tomorrow, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('staff'),
    ].join('\n\n'),
    audience: 'staff',
    minutesBeforeStart: reminderMinutes('Staff-Reminder-1d'),
  },
  'Staff-Reminder-1h': {
    subject: 'Starting in an hour: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts in an hour, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('staff'),
    ].join('\n\n'),
    audience: 'staff',
    minutesBeforeStart: reminderMinutes('Staff-Reminder-1h'),
  },
};

/** What `{sessions}` says when the person is in no session yet. */
export const NO_SESSIONS_TEXT = 'None yet: the organiser will let you know.';

/** Fills `{name}` placeholders; names without a value stay as they are. */
export function fillPeopleEmail(text: string, values: Partial<PeopleEmailValues>): string {
  return text.replace(
    /\{([a-z_]+)\}/g,
    (match, name: string) =>
      (Object.hasOwn(values, name) ? values[name as PeopleEmailPlaceholder] : undefined) ?? match,
  );
}

/** The socket push of a bulk invitation's progress (`peopleJobSchema` with the event). */
export const PEOPLE_JOB_UPDATED = 'people-job-updated';
