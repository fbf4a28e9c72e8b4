import type { PeopleEmailType } from './constants.ts';

/**
 * The people emails' default texts (002 §3.9, §3.10, 001 §9): the default templates of their types
 * (email/default-templates.ts), which organisers edit. `{name}` placeholders become merge fields;
 * `{sessions}` is the person's sessions, one a line.
 */
export interface PeopleEmailDefault {
  subject: string;
  body: string;
}

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
  },
  'Spk-Reminder-1d': {
    subject: 'Tomorrow: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts tomorrow, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('a speaker'),
    ].join('\n\n'),
  },
  'Spk-Reminder-1h': {
    subject: 'Starting in an hour: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts in an hour, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('a speaker'),
    ].join('\n\n'),
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
  },
  'Staff-Reminder-1d': {
    subject: 'Tomorrow: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts tomorrow, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('staff'),
    ].join('\n\n'),
  },
  'Staff-Reminder-1h': {
    subject: 'Starting in an hour: {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} starts in an hour, {event_time}.',
      'Your sessions:\n{sessions}',
      joinAs('staff'),
    ].join('\n\n'),
  },
};

/** What `{sessions}` says when the person is in no session yet. */
export const NO_SESSIONS_TEXT = 'None yet: the organiser will let you know.';

/** The socket push of a bulk invitation's progress (`peopleJobSchema` with the event). */
export const PEOPLE_JOB_UPDATED = 'people-job-updated';
