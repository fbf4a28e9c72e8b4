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

/** Every people email greets the person, says what is on, lists their sessions and gives their link. */
const personEmail = (subject: string, lead: string, who: string, closing?: string): PeopleEmailDefault => ({
  subject,
  body: [
    'Hello {first_name},',
    lead,
    'Your sessions:\n{sessions}',
    joinAs(who),
    ...(closing ? [closing] : []),
  ].join('\n\n'),
});
const dayBefore = (who: string) =>
  personEmail('Tomorrow: {event_title}', '{event_title} starts tomorrow, {event_time}.', who);
const hourBefore = (who: string) =>
  personEmail('Starting in an hour: {event_title}', '{event_title} starts in an hour, {event_time}.', who);

export const PEOPLE_EMAIL_DEFAULTS: Record<PeopleEmailType, PeopleEmailDefault> = {
  SpkInvite: personEmail(
    'You are speaking at {event_title}',
    'You are invited to speak at {event_title}, {event_time}.',
    'a speaker',
    'See you on stage!',
  ),
  'Spk-Reminder-1d': dayBefore('a speaker'),
  'Spk-Reminder-1h': hourBefore('a speaker'),
  StaffInvite: personEmail(
    'You are on the team for {event_title}',
    'You are invited to help run {event_title}, {event_time}.',
    'staff',
    'Thank you for making it happen!',
  ),
  'Staff-Reminder-1d': dayBefore('staff'),
  'Staff-Reminder-1h': hourBefore('staff'),
};

/** What `{sessions}` says when the person is in no session yet. */
export const NO_SESSIONS_TEXT = 'None yet: the organizer will let you know.';

/** The socket push of a bulk invitation's progress (`peopleJobSchema` with the event). */
export const PEOPLE_JOB_UPDATED = 'people-job-updated';
