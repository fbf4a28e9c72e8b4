import { PEOPLE_EMAIL_TYPES } from '../people/constants.ts';
import { templateHasSubject } from './templates.ts';
import { PEOPLE_EMAIL_DEFAULTS } from '../people/emails.ts';
import {
  REGISTRATION_EMAIL_DEFAULTS,
  REGISTRATION_EMAIL_TYPES,
  SEAT_CONFIRMATION_EMAILS,
} from '../registration/emails.ts';
import {
  EMAIL_TYPES,
  emailTypeDefinition,
  MINUTES_PER_DAY,
  MINUTES_PER_WEEK,
  REGISTRATION_EMAIL_LABELS,
  type EmailType,
  type EmailTypeDefinition,
} from './schedules.ts';

/**
 * The template every event starts with for each email type (001 §9's types the studio sends by
 * itself), so a new event sends sensible mail with no work. The registration and people emails keep
 * the texts they have always sent, written as Liquid; the others are ours.
 */
export interface DefaultEmailTemplate {
  email_type: string;
  name: string;
  subject: string;
  email_html: string;
}

/**
 * The merge fields that are links, with the words a text's link shows (a raw address as the link's
 * text makes a phone's view too wide; the text part still gives the address after the words).
 */
const LINK_WORDS: Readonly<Record<string, string>> = {
  magic_link: 'Join the event',
  cancel_link: 'Cancel your registration',
  unsubscribe_link: 'Unsubscribe',
};

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * `{field}` texts (registration's, the people's) as Liquid HTML paragraphs, link fields as links in
 * words. A paragraph with line breaks keeps them, and those of its values (a person's sessions, one
 * a line).
 */
function paragraphsOfText(body: string): string[] {
  return body.split(/\n{2,}/).map((paragraph) => {
    const html = escapeText(paragraph).replace(/\{(\w+)\}/g, (_whole, field: string) => {
      const words = LINK_WORDS[field];
      return words ? `<a href="{{ ${field} }}">${words}</a>` : `{{ ${field} }}`;
    });
    return paragraph.includes('\n')
      ? `<p style="white-space: pre-line">${html.replaceAll('\n', '<br>')}</p>`
      : `<p>${html}</p>`;
  });
}
const liquidOfText = (text: string) => text.replace(/\{(\w+)\}/g, '{{ $1 }}');

/**
 * Shown by a seat's confirmation and the reminders when the attendee has a check-in code (in-person
 * and hybrid events).
 */
const CHECK_IN_BLOCK =
  '{% if checkin_qrcode %}<p>Show this code at the check-in desk:</p>' +
  '<p><img src="{{ checkin_qrcode }}" alt="Your check-in code" width="240" height="240"></p>{% endif %}';

/** Where an in-person or hybrid event takes place (its location, when it has one). */
const LOCATION_BLOCK = '{% if event_location %}<p>Location: {{ event_location }}</p>{% endif %}';

/**
 * A seat's confirmation: registration's text, the location after the paragraph that tells when,
 * and the check-in code at the end.
 */
function seatConfirmationHtml(body: string): string {
  const paragraphs = paragraphsOfText(body);
  const when = paragraphs.findIndex((paragraph) => paragraph.includes('{{ event_time }}'));
  paragraphs.splice(when + 1, 0, LOCATION_BLOCK);
  return [...paragraphs, CHECK_IN_BLOCK].join('\n');
}

const UNSUBSCRIBE_FOOTER =
  '<p style="text-align: center">{{ organization_name }} · <a href="{{ unsubscribe_link }}">Unsubscribe</a></p>';

const reminder = (when: string): Omit<DefaultEmailTemplate, 'email_type' | 'name'> => ({
  subject: `{{ event_title }} starts ${when}`,
  email_html: [
    '<p>Hello {{ first_name }},</p>',
    `<p>{{ event_title }} starts ${when}: {{ event_time }}.</p>`,
    '<p><a href="{{ magic_link }}">Join the event</a></p>',
    LOCATION_BLOCK,
    CHECK_IN_BLOCK,
    // A registrant who cannot come frees their seat for the waitlist (staff and speakers have no link).
    '{% if cancel_link %}<p>Cannot make it? <a href="{{ cancel_link }}">Cancel your registration</a></p>{% endif %}',
    UNSUBSCRIBE_FOOTER,
  ].join('\n'),
});

const postEvent = (attended: boolean): Omit<DefaultEmailTemplate, 'email_type' | 'name'> => ({
  subject: attended ? 'Thank you for joining {{ event_title }}' : 'Sorry we missed you at {{ event_title }}',
  email_html: [
    '<p>Hello {{ first_name }},</p>',
    attended
      ? '<p>Thank you for joining {{ event_title }}.</p>'
      : '<p>We missed you at {{ event_title }}. The recordings are waiting for you.</p>',
    '<p><a href="{{ magic_link }}">Open the event</a></p>',
    UNSUBSCRIBE_FOOTER,
  ].join('\n'),
});

/**
 * When a reminder's event starts, from the reminder's default offset (001 §9): 'in 5 minutes', 'in
 * one hour', 'in 4 hours', 'tomorrow', 'in 2 days', 'in a week' …
 */
export function reminderWhen(minutes: number): string {
  const count = (amount: number, unit: string) => `in ${amount} ${unit}${amount === 1 ? '' : 's'}`;
  if (minutes === 60) return 'in one hour';
  if (minutes === MINUTES_PER_DAY) return 'tomorrow';
  if (minutes === MINUTES_PER_WEEK) return 'in a week';
  if (minutes % MINUTES_PER_WEEK === 0) return count(minutes / MINUTES_PER_WEEK, 'week');
  if (minutes % MINUTES_PER_DAY === 0) return count(minutes / MINUTES_PER_DAY, 'day');
  if (minutes % 60 === 0) return count(minutes / 60, 'hour');
  return count(minutes, 'minute');
}

/** The registrants' reminders before the start (Reminder-5m … Reminder-7d). */
const REGISTRANT_REMINDERS = EMAIL_TYPES.filter(
  (definition) => definition.emailType.startsWith('Reminder-') && definition.relativeTime === 'BEFORE_START',
);

/** A reminder type's default template, worded from its default offset. */
const reminderTemplate = (definition: EmailTypeDefinition) => ({
  email_type: definition.emailType,
  name: definition.label,
  ...reminder(reminderWhen(definition.minutes)),
});

/**
 * The reminders a new event starts with a template of (the others send their default until made),
 * each named by its email type's one label ('Reminder 1 day before'), as the schedule names it.
 */
const SEEDED_REMINDERS: readonly EmailType[] = ['Reminder-1d', 'Reminder-1h'];

export const DEFAULT_EMAIL_TEMPLATES: readonly DefaultEmailTemplate[] = [
  ...REGISTRATION_EMAIL_TYPES.map((type) => ({
    email_type: type,
    name: REGISTRATION_EMAIL_LABELS[type],
    subject: liquidOfText(REGISTRATION_EMAIL_DEFAULTS[type].subject),
    email_html: SEAT_CONFIRMATION_EMAILS.includes(type)
      ? seatConfirmationHtml(REGISTRATION_EMAIL_DEFAULTS[type].body)
      : paragraphsOfText(REGISTRATION_EMAIL_DEFAULTS[type].body).join('\n'),
  })),
  ...SEEDED_REMINDERS.map((emailType) => reminderTemplate(emailTypeDefinition(emailType))),
  { email_type: 'Post-Event-Attendee-1d', name: 'Thank you for attending', ...postEvent(true) },
  { email_type: 'Post-Event-Non-Attendee-1d', name: 'Sorry we missed you', ...postEvent(false) },
  // The speakers' and staff's invitations and reminders (the people's texts, their sessions a line each).
  ...PEOPLE_EMAIL_TYPES.map((type) => ({
    email_type: type,
    name: emailTypeDefinition(type).label,
    subject: liquidOfText(PEOPLE_EMAIL_DEFAULTS[type].subject),
    email_html: paragraphsOfText(PEOPLE_EMAIL_DEFAULTS[type].body).join('\n'),
  })),
];

/** The recordings are on demand (not seeded: sent from this until the organiser makes its template). */
const ON_DEMAND: DefaultEmailTemplate = {
  email_type: 'OnDemand',
  name: 'On-demand available',
  subject: '{{ event_title }} is available on demand',
  email_html: [
    '<p>Hello {{ first_name }},</p>',
    '<p>{{ event_title }} is now available on demand: watch it whenever suits you.</p>',
    '<p><a href="{{ magic_link }}">Watch now</a></p>',
    UNSUBSCRIBE_FOOTER,
  ].join('\n'),
};

/**
 * The default template of an email type: a reminder not seeded is worded from its own offset; the
 * on-demand email has one of its own; only the custom email has none (its schedule names one).
 */
export function defaultEmailTemplateOf(emailType: string): DefaultEmailTemplate | undefined {
  const found = DEFAULT_EMAIL_TEMPLATES.find((template) => template.email_type === emailType);
  if (found) return found;
  if (emailType === ON_DEMAND.email_type) return ON_DEMAND;
  const definition = REGISTRANT_REMINDERS.find((reminder) => reminder.emailType === emailType);
  return definition && reminderTemplate(definition);
}

/**
 * An event's stored template of an email type as its senders use it: one saved without a subject
 * (before the subject was required) takes its type's default subject, so a confirmation or a
 * speaker's invitation still leaves with one (a chosen template is refused instead: `templateHasSubject`).
 */
export function withTypeSubject<T extends { subject: string }>(template: T, emailType: string): T {
  if (templateHasSubject(template)) return template;
  const fallback = defaultEmailTemplateOf(emailType);
  return fallback ? { ...template, subject: fallback.subject } : template;
}
