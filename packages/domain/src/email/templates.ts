import { z } from 'zod';
import { messages } from '../messages.ts';
import { pageQuerySchema, pageSchema } from '../api.ts';
import { isScheduled } from '../events/enums.ts';
import { dateTimeText, timeRangeText } from '../events/timezones.ts';
import { REGISTRATION_EMAIL_TYPES } from '../registration/emails.ts';
import blankTemplate from './blank-template.json' with { type: 'json' };
import { recordKeys } from '../records.ts';
import { timestampFields } from '../events/query.ts';

/**
 * Email templates (001 §2.5, §3, §7, §8, §9; 002 §7.13a, §8.12). A template belongs to one context
 * (an event, an event template or a series; repeating events through their series), holds the
 * editor's `email_json` and the HTML compiled from it, and is rendered with Liquid at send time:
 * merge fields are written `{{ first_name }}`, and every value is HTML-escaped.
 */

/** The contexts a template belongs to, as the query parameter names them. */
export const EMAIL_TEMPLATE_CONTEXTS = ['event', 'event_template', 'series'] as const;
export type EmailTemplateContext = (typeof EMAIL_TEMPLATE_CONTEXTS)[number];

/**
 * The email types whose templates an event of this type has (null: every type): an event without a
 * schedule (a recording) sends no reminders or follow-ups and has no speakers or staff to invite, so
 * only registration's emails; templates of no type (the organiser's own) are everyone's.
 */
export const templateEmailTypesOf = (eventType: string): readonly string[] | null =>
  isScheduled(eventType) ? null : REGISTRATION_EMAIL_TYPES;

export const EMAIL_TEMPLATE_NAME_MAX = 255;
export const EMAIL_SUBJECT_MAX = 255;
/** A template's HTML beyond this is refused (a huge template is bad input, 413-free: a 400 naming the field). */
export const EMAIL_HTML_MAX = 500_000;

/**
 * The merge fields a template may use, with the label the editor shows. `magic_link` is the
 * attendee's own entrance link, `checkin_qrcode` the source of the check-in QR image (write
 * `<img src="{{ checkin_qrcode }}">`; it is attached to the message by CID), `unsubscribe_link` a
 * signed link that adds the address to the organisation's suppression list, `cancel_link` the
 * registrant's cancel page, `sessions` a speaker's or staff member's sessions (one line each). A
 * field without a value for the recipient is empty (`{% if magic_link %}` tells).
 */
export const MERGE_FIELDS = {
  first_name: 'First name',
  last_name: 'Last name',
  full_name: 'Full name',
  email: 'Email',
  event_title: 'Event title',
  event_time: 'Event date and time',
  event_start: 'Event start',
  event_end: 'Event end',
  event_timezone: 'Event time zone',
  event_location: 'Event location',
  magic_link: 'Magic link',
  checkin_qrcode: 'Check-in QR code',
  organization_name: 'Organization',
  unsubscribe_link: 'Unsubscribe link',
  cancel_link: 'Cancel registration link',
  sessions: 'Sessions (speakers and staff)',
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export const MERGE_FIELD_NAMES = recordKeys(MERGE_FIELDS);
export const isMergeField = (name: string): name is MergeField => Object.hasOwn(MERGE_FIELDS, name);
/** A recipient's merge values; null: none for this recipient (empty, and false in `{% if %}`). */
export type MergeValues = Record<MergeField, string | null>;
/**
 * A text with its merge fields (`{{ field }}`) replaced by the values given, each as `shown` writes
 * it (HTML-escaped for a preview's HTML); a field without a value given stays as written.
 */
export function fillMergeFields(
  text: string,
  values: Partial<MergeValues>,
  shown: (value: string) => string = (value) => value,
): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (tag, field: string) =>
    isMergeField(field) && Object.hasOwn(values, field) ? shown(values[field] ?? '') : tag,
  );
}

/** How the editor inserts a merge field into text. */
export const mergeFieldTag = (field: MergeField) => `{{ ${field} }}`;

/** What an email says of its event (the back office's event, or the API's with its times read). */
export interface MergeEvent {
  title: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
  location: string | null;
}

/**
 * The event's merge values every recipient shares, its times in the event's zone; all null
 * without an event (an organisation's or series' email): what a message sends and the editor's
 * preview shows.
 */
export function eventMergeValues(event: MergeEvent | null) {
  return {
    event_title: event?.title ?? null,
    event_time: event ? timeRangeText(event.start_time, event.end_time, event.timezone) : null,
    event_start: event ? dateTimeText(event.start_time, event.timezone) : null,
    event_end: event ? dateTimeText(event.end_time, event.timezone) : null,
    event_timezone: event?.timezone ?? null,
    event_location: event?.location || null,
  } satisfies Partial<MergeValues>;
}

/** Duplicates are named 'Copy of ' + the name, cut to 255 (001 §5). */
export const duplicateTemplateName = (name: string) => `Copy of ${name}`.slice(0, EMAIL_TEMPLATE_NAME_MAX);

/** The editor's document: any JSON object (the editor owns its shape). */
export const emailJsonSchema = z.record(z.string(), z.unknown());
export type EmailJson = z.infer<typeof emailJsonSchema>;

/** The blank template (001 §7: loaded from a static file), a new template's starting point. */
export const BLANK_EMAIL_TEMPLATE: {
  name: string;
  subject: string;
  email_json: EmailJson;
  email_html: string;
} = blankTemplate;

/** An email template as the API answers it. */
export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  /** The email type it is the default of (Registration, Waitlist, Reminder-1d …); null for others. */
  email_type: z.string().nullable(),
  email_html: z.string(),
  email_json: emailJsonSchema,
  event: z.string().nullable(),
  event_template: z.string().nullable(),
  series: z.string().nullable(),
  ...timestampFields,
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** A row of the templates list (no HTML or editor JSON: `GET …/{id}/` reads those). */
export const emailTemplateListItemSchema = emailTemplateSchema.omit({ email_html: true, email_json: true });
export type EmailTemplateListItem = z.infer<typeof emailTemplateListItemSchema>;
export const emailTemplatePageSchema = pageSchema(emailTemplateListItemSchema);

const contextId = z.uuid();
const exactlyOneContext = (value: Partial<Record<EmailTemplateContext, string | undefined>>) =>
  EMAIL_TEMPLATE_CONTEXTS.filter((context) => value[context] !== undefined).length === 1;
const oneContextIssue = {
  message: 'Name exactly one of event, event_template or series.',
  path: ['event'],
};

/** GET /api/event/email_templates/?event=|event_template=|series= (limit, offset, search). */
export const emailTemplatesQuerySchema = pageQuerySchema
  .extend({
    event: contextId.optional(),
    event_template: contextId.optional(),
    series: contextId.optional(),
    search: z.string().max(255).optional(),
  })
  .refine(exactlyOneContext, oneContextIssue);
export type EmailTemplatesQuery = z.infer<typeof emailTemplatesQuerySchema>;

const name = z.string().trim().min(1).max(EMAIL_TEMPLATE_NAME_MAX);
/** A template's subject: required (an email without one reads as spam and is refused by some servers). */
const subject = z.string().trim().min(1, messages.fieldRequired).max(EMAIL_SUBJECT_MAX);
const emailHtml = z.string().max(EMAIL_HTML_MAX);

/**
 * A template is sent only with a subject: one saved empty before the subject was required keeps
 * its row, but no schedule, test, custom or bulk email sends it until it is given one.
 */
export const templateHasSubject = (template: { subject: string }): boolean => template.subject.trim() !== '';

/**
 * POST /api/event/email_templates/: the context, a name; subject, HTML and JSON default to the
 * blank template's. The server refuses unknown merge fields (400 naming the field) and strips
 * script and other unsafe HTML.
 */
export const createEmailTemplateSchema = z
  .object({
    event: contextId.optional(),
    event_template: contextId.optional(),
    series: contextId.optional(),
    name,
    subject: subject.optional(),
    email_type: z.string().max(64).nullable().optional(),
    email_html: emailHtml.optional(),
    email_json: emailJsonSchema.optional(),
  })
  .strict()
  .refine(exactlyOneContext, oneContextIssue);
export type CreateEmailTemplate = z.infer<typeof createEmailTemplateSchema>;

/** PATCH /api/event/email_templates/{id}/ — any of these. */
export const updateEmailTemplateSchema = z
  .object({
    name: name.optional(),
    subject: subject.optional(),
    email_type: z.string().max(64).nullable().optional(),
    email_html: emailHtml.optional(),
    email_json: emailJsonSchema.optional(),
  })
  .strict();
export type UpdateEmailTemplate = z.infer<typeof updateEmailTemplateSchema>;

// POST /api/event/email_templates/{id}/duplicate/ (no body) answers 201 with the copy.
// DELETE /api/event/email_templates/{id}/ answers 204.

// ── Sends (002 §7.13a): test, custom and bulk emails ─────────────────────────────────────────

/**
 * POST /api/event/{id}/send_test_email/ and /api/event/series/{id}/send_test_email/: the template
 * rendered with the recipient's own values. No `emails`: to the signed-in organiser. Each address
 * must be a registered user of the studio (else 400 code `does_not_exist`).
 */
export const sendTestEmailSchema = z
  .object({
    email_template: z.uuid(),
    emails: z.array(z.string().trim().toLowerCase().pipe(z.email())).max(20).optional(),
  })
  .strict();
export type SendTestEmail = z.infer<typeof sendTestEmailSchema>;

/** POST /api/event/{id}/send_custom_email/: to chosen registrants (their registration ids, as the registrants table lists them). */
export const sendCustomEmailSchema = z
  .object({
    email_template: z.uuid(),
    registrants: z.array(z.uuid()).min(1).max(1000),
  })
  .strict();
export type SendCustomEmail = z.infer<typeof sendCustomEmailSchema>;

/**
 * POST /api/event/{id}/send_bulk_email/ and /api/event/series/{id}/send_bulk_email/: to every
 * registrant (the web shows GET …/total_registrants/?limit=20 first). Sent in the background.
 */
export const sendBulkEmailSchema = z.object({ email_template: z.uuid() }).strict();
export type SendBulkEmail = z.infer<typeof sendBulkEmailSchema>;

/** What the three sends answer: the message to show and how many messages were sent or queued. */
export const emailSendAnswerSchema = z.object({ message: z.string(), sent: z.number().int() });
export type EmailSendAnswer = z.infer<typeof emailSendAnswerSchema>;

// ── Messages ─────────────────────────────────────────────────────────────────────────────────

/** The spec's strings verbatim (001 §8, 002 §8.12); ours where the spec gives none. */
export const emailTemplateMessages = {
  errorLoadingTemplates: 'Error while loading email templates.',
  templateFetchingFailed: 'Template fetching failed.',
  duplicationFailed: 'Email template duplication failed, Please try again',
  // 001 §8 names these toasts without their text: ours.
  templateCreated: 'Email template created',
  templateUpdated: 'Email template updated',
  templateDeleted: 'Email template deleted',
  templateDuplicated: 'Email template duplicated',
  testEmailFailed: 'Something went wrong. Test email failed to send',
  /** 001 §8's wording (002 §8.12 names the product in it; 001's needs no reading). */
  notRegisteredUser: 'Emails must be sent to a registered user. Please try again.',
  sendingTestMailFailed: 'Sending test mail failed.',
  sendingMailFailed: 'Sending mail failed.',
  testEmailsSent: 'Test email(s) successfully sent',
  // Ours.
  emailsSent: 'Emails sent',
  bulkEmailQueued: 'Emails are being sent to every registrant.',
  unsubscribed: 'You are unsubscribed. You will no longer receive emails from this organizer.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  invalidTemplate: 'The template could not be read: check its merge fields and tags.',
  /** A send (schedule, test, custom or bulk) of a template saved without a subject (`templateHasSubject`). */
  subjectMissing: 'This template has no subject: give it one in the template editor before sending it.',
  /** How a template without a subject is named where one is picked to be sent. */
  needsSubject: (name: string) => `${name} (needs a subject)`,
  /** A "Send a test to" address that is not one (checked with the API's email rule before sending). */
  invalidTestAddress: (address: string) => `${address} is not a valid email address.`,
} as const;

/** 400 for a merge field the studio does not know (the field named). */
export const unknownMergeFieldMessage = (field: string) =>
  `Unknown merge field: {{ ${field} }}. Use one of: ${MERGE_FIELD_NAMES.join(', ')}.`;

/** The code the spec gives a send to someone who is not a registered user. */
export const NOT_REGISTERED_USER_CODE = 'does_not_exist';
