import { createHash } from 'node:crypto';
import {
  fillPeopleEmail,
  NO_SESSIONS_TEXT,
  PEOPLE_EMAIL_DEFAULTS,
  PEOPLE_EMAIL_TYPES,
  timeRangeText,
  type EmailConfig,
  type PeopleEmailType,
  type PeopleEmailValues,
} from '@studio/domain';
import { htmlOfText, type MailMessage } from '../../platform/mail/mail.ts';

/** An email's content for one event: what the email config lists and every sender uses. */
export interface EmailContent {
  subject: string;
  body: string;
  enabled: boolean;
  isDefault: boolean;
  minutesBeforeStart: number | null;
}

/**
 * THE lookup of a people email's content: today the defaults for every event; the email-templates
 * issue answers an event's own edited texts here, and every sender follows.
 */
export function emailContentOf(_eventId: string, emailType: PeopleEmailType): Promise<EmailContent> {
  const defaults = PEOPLE_EMAIL_DEFAULTS[emailType];
  return Promise.resolve({
    subject: defaults.subject,
    body: defaults.body,
    enabled: true,
    isDefault: true,
    minutesBeforeStart: defaults.minutesBeforeStart,
  });
}

/** A stable UUID (version 5 layout, SHA-1 of the event and type) for an event's email config entry. */
function configId(eventId: string, emailType: PeopleEmailType): string {
  const hash = createHash('sha1').update(`people-email:${eventId}:${emailType}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The event's people emails (one type, or all in the spec's order). */
export async function emailConfigsOf(eventId: string, emailType?: PeopleEmailType): Promise<EmailConfig[]> {
  const types = emailType ? [emailType] : PEOPLE_EMAIL_TYPES;
  return Promise.all(
    types.map(async (type) => {
      const content = await emailContentOf(eventId, type);
      return {
        id: configId(eventId, type),
        event: eventId,
        email_type: type,
        subject: content.subject,
        body: content.body,
        enabled: content.enabled,
        minutes_before_start: content.minutesBeforeStart,
        is_default: content.isDefault,
      };
    }),
  );
}

/** The event's time in its timezone, e.g. "Feb 3, 2031, 10:00 – 11:30 AM GMT+1 (Europe/Paris)". */
export const eventTimeText = (event: { start_time: Date; end_time: Date; timezone: string }) =>
  `${timeRangeText(event.start_time, event.end_time, event.timezone)} (${event.timezone})`;

/** One line per session: "- Title: time" in the event's timezone. */
export const sessionsText = (
  sessions: readonly { title: string; start_time: Date; end_time: Date }[],
  timezone: string,
) =>
  sessions.length === 0
    ? NO_SESSIONS_TEXT
    : sessions
        .map(
          (session) => `- ${session.title}: ${timeRangeText(session.start_time, session.end_time, timezone)}`,
        )
        .join('\n');

/** The message of an email's content for one person: text as written, HTML with links made clickable. */
export function peopleMessage(to: string, content: EmailContent, values: PeopleEmailValues): MailMessage {
  const text = fillPeopleEmail(content.body, values);
  return {
    to,
    subject: fillPeopleEmail(content.subject, values),
    text,
    html: htmlOfText(text),
  };
}
