import { createHash } from 'node:crypto';
import {
  INVITE_EMAIL_TYPES,
  NO_SESSIONS_TEXT,
  offsetOf,
  PEOPLE_EMAIL_TYPES,
  scheduledSendTime,
  timeRangeText,
  type EmailConfig,
  type PeopleEmailType,
} from '@studio/domain';
import type { EmailComposer } from '../email/email-composer.ts';
import type { ScheduledEvent } from '../back-office/events/event-core.service.ts';

/** The email module's side of the people emails: the event's templates and schedule, the send. */
export type PeopleEmails = Pick<
  EmailComposer,
  'composeTyped' | 'send' | 'switchedOn' | 'scheduleOf' | 'templateOf' | 'eventsDueBetween'
>;

/** A stable UUID (version 5 layout, SHA-1 of the event and type) for an event's email config entry. */
function configId(eventId: string, emailType: PeopleEmailType): string {
  const hash = createHash('sha1').update(`people-email:${eventId}:${emailType}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const isInvitation = (emailType: PeopleEmailType) =>
  (INVITE_EMAIL_TYPES as readonly string[]).includes(emailType);

/**
 * The event's people emails (one type, or all in the spec's order) as they are sent: the event's
 * template of each type (`is_default` while it is the built-in one), its schedule's Active switch
 * and, for a reminder, how long before the start its schedule sends it.
 */
export async function emailConfigsOf(
  emails: PeopleEmails,
  event: ScheduledEvent,
  emailType?: PeopleEmailType,
): Promise<EmailConfig[]> {
  const types = emailType ? [emailType] : PEOPLE_EMAIL_TYPES;
  return Promise.all(
    types.map(async (type) => {
      const [template, schedule] = await Promise.all([
        emails.templateOf(event, type),
        emails.scheduleOf(event, type),
      ]);
      const sendsAt =
        schedule && !isInvitation(type)
          ? scheduledSendTime(
              { startTime: event.start_time, endTime: event.end_time },
              { relativeTime: schedule.relativeTime, ...offsetOf(schedule.offsetMinutes) },
            )
          : null;
      return {
        id: configId(event.id, type),
        event: event.id,
        email_type: type,
        subject: template.subject,
        body: template.emailHtml,
        enabled: schedule?.active ?? true,
        minutes_before_start:
          sendsAt && Math.round((event.start_time.getTime() - sendsAt.getTime()) / 60_000),
        is_default: template.isDefault,
      };
    }),
  );
}

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
