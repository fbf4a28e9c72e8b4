import {
  CALENDAR_INVITE_EMAIL_TYPE,
  eventServerMessages,
  icalendar,
  timeRangeText,
  type CalendarEvent,
} from '@studio/domain';
import { escapeHtml, type MailMessage } from '../../../platform/mail/mail.ts';
import { calendarPart } from '../../../platform/mail/icalendar.ts';
import { eventInvitation, type InviteRecipient } from '../event-invitation.ts';

/**
 * A message carrying an iCalendar invitation (delivered as a text/calendar part and an .ics file),
 * filed in the event's delivery log like every other message of the email module.
 */
export interface CalendarMailMessage extends MailMessage {
  icalEvent: { method: string; filename: string; content: string };
  loggedAs: { organizationId: string; eventId: string; emailType: string };
}

/** How the events area sends invitations: the platform's mail service (`MailService` fits). */
export interface CalendarMailer {
  send(message: CalendarMailMessage): Promise<boolean>;
}

/** The event an invitation email is about (its delivery is logged under the organisation). */
export interface InviteEvent extends CalendarEvent {
  organization_id: string;
  timezone: string;
}

/** The event's invitation as iCalendar text (`pageUrl`: the event's public page, which it links). */
export const calendarInvitation = (
  event: InviteEvent,
  recipient: InviteRecipient,
  organizer: string,
  pageUrl: string,
  now?: Date,
): string => icalendar(eventInvitation(event, recipient, organizer, pageUrl, now));

/** The invitation email (or, with CANCEL, its withdrawal): a short text and HTML body, and the calendar part. */
export function calendarInviteMail(
  event: InviteEvent,
  recipient: InviteRecipient,
  organizer: string,
  pageUrl: string,
  now?: Date,
  method: 'REQUEST' | 'CANCEL' = 'REQUEST',
): CalendarMailMessage {
  const cancels = method === 'CANCEL';
  const subject = (
    cancels ? eventServerMessages.calendarCancelSubject : eventServerMessages.calendarInviteSubject
  ).replace('{title}', event.title);
  const greeting = recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,';
  const details = [
    // The zone labelled as in every other email (its GMT offset), not 'EST' here and 'GMT+1' there.
    `When: ${timeRangeText(event.start_time, event.end_time, event.timezone)}`,
    ...(event.location ? [`Where: ${event.location}`] : []),
  ];
  const [before, after] = cancels
    ? ['', ' has been canceled; it is removed from your calendar.']
    : ['Here is the up-to-date calendar invitation for ', '.'];
  // An invitation leads to the event's page (a withdrawn one has nowhere to go).
  const page = cancels ? [] : [`Event page: ${pageUrl}`];
  const text = [greeting, `${before}${event.title}${after}`, ...details, ...page].join('\n\n');
  const pageLink = cancels ? '' : `<p><a href="${escapeHtml(pageUrl)}">Open the event page</a></p>`;
  const html = `<!doctype html><html><body><p>${escapeHtml(greeting)}</p><p>${escapeHtml(before)}<strong>${escapeHtml(event.title)}</strong>${escapeHtml(after)}</p>${details
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}${pageLink}</body></html>`;
  return {
    to: recipient.email,
    subject,
    text,
    html,
    icalEvent: calendarPart(eventInvitation(event, recipient, organizer, pageUrl, now, method), 'invite.ics'),
    loggedAs: {
      organizationId: event.organization_id,
      eventId: event.id,
      emailType: CALENDAR_INVITE_EMAIL_TYPE,
    },
  };
}
