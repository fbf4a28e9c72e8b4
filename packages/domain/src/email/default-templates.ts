import {
  REGISTRATION_EMAIL_DEFAULTS,
  REGISTRATION_EMAIL_TYPES,
  SEAT_CONFIRMATION_EMAILS,
} from '../registration/emails.ts';

/**
 * The template every event starts with for each email type (001 §9's types the studio sends by
 * itself), so a new event sends sensible mail with no work. The registration emails keep the texts
 * registration has always sent, written as Liquid; the others are ours.
 */
export interface DefaultEmailTemplate {
  email_type: string;
  name: string;
  subject: string;
  email_html: string;
}

/** The merge fields that are links: in a text they become a link to themselves. */
const LINK_FIELDS = new Set(['magic_link', 'cancel_link', 'unsubscribe_link']);

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `{field}` texts (registration's) as Liquid HTML: one paragraph each, link fields as links. */
function htmlOfText(body: string): string {
  return body
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escapeText(paragraph).replace(/\{(\w+)\}/g, (_whole, field: string) =>
          LINK_FIELDS.has(field) ? `<a href="{{ ${field} }}">{{ ${field} }}</a>` : `{{ ${field} }}`,
        )}</p>`,
    )
    .join('\n');
}
const liquidOfText = (text: string) => text.replace(/\{(\w+)\}/g, '{{ $1 }}');

/**
 * Shown by a seat's confirmation and the reminders when the attendee has a check-in code (in-person
 * and hybrid events).
 */
const CHECK_IN_BLOCK =
  '{% if checkin_qrcode %}<p>Show this code at the check-in desk:</p>' +
  '<p><img src="{{ checkin_qrcode }}" alt="Your check-in code" width="240" height="240"></p>{% endif %}';

const UNSUBSCRIBE_FOOTER =
  '<p style="text-align: center">{{ organization_name }} · <a href="{{ unsubscribe_link }}">Unsubscribe</a></p>';

const reminder = (when: string): Omit<DefaultEmailTemplate, 'email_type' | 'name'> => ({
  subject: `{{ event_title }} starts ${when}`,
  email_html: [
    '<p>Hello {{ first_name }},</p>',
    `<p>{{ event_title }} starts ${when}: {{ event_time }}.</p>`,
    '<p><a href="{{ magic_link }}">Join the event</a></p>',
    '{% if event_location %}<p>Location: {{ event_location }}</p>{% endif %}',
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

export const DEFAULT_EMAIL_TEMPLATES: readonly DefaultEmailTemplate[] = [
  ...REGISTRATION_EMAIL_TYPES.map((type) => ({
    email_type: type,
    name: `${type} email`,
    subject: liquidOfText(REGISTRATION_EMAIL_DEFAULTS[type].subject),
    email_html:
      htmlOfText(REGISTRATION_EMAIL_DEFAULTS[type].body) +
      (SEAT_CONFIRMATION_EMAILS.includes(type) ? `\n${CHECK_IN_BLOCK}` : ''),
  })),
  { email_type: 'Reminder-1d', name: 'Reminder one day before', ...reminder('tomorrow') },
  { email_type: 'Reminder-1h', name: 'Reminder one hour before', ...reminder('in one hour') },
  { email_type: 'Post-Event-Attendee-1d', name: 'Thank you for attending', ...postEvent(true) },
  { email_type: 'Post-Event-Non-Attendee-1d', name: 'Sorry we missed you', ...postEvent(false) },
];

/** The default template of an email type; the other reminders read like the hour's. */
export function defaultEmailTemplateOf(emailType: string): DefaultEmailTemplate | undefined {
  const found = DEFAULT_EMAIL_TEMPLATES.find((template) => template.email_type === emailType);
  if (found || !emailType.startsWith('Reminder-')) return found;
  return {
    ...DEFAULT_EMAIL_TEMPLATES.find((template) => template.email_type === 'Reminder-1h')!,
    email_type: emailType,
  };
}
