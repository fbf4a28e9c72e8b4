import { eventServerMessages } from '@studio/domain';
import { escapeHtml, type MailMessage } from '../../../platform/mail/mail.ts';
import { escapeText, fold, stamp } from '../icalendar.ts';

/** A message carrying an iCalendar invitation (delivered as a text/calendar part and an .ics file). */
export interface CalendarMailMessage extends MailMessage {
  icalEvent: { method: 'REQUEST'; filename: string; content: string };
}

/** How the events area sends invitations: the platform's mail service (`MailService` fits). */
export interface CalendarMailer {
  send(message: CalendarMailMessage): Promise<boolean>;
}

export interface InviteEvent {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  start_time: Date;
  end_time: Date;
  timezone: string;
  calendar_sequence: number;
}

export interface InviteRecipient {
  email: string;
  first_name: string;
  last_name: string;
}

/** The event's invitation as iCalendar (METHOD:REQUEST); UID stays, SEQUENCE rises with each schedule change. */
export function calendarInvitation(
  event: InviteEvent,
  recipient: InviteRecipient,
  organizer: string,
  now: Date = new Date(),
): string {
  const name = `${recipient.first_name} ${recipient.last_name}`.trim() || recipient.email;
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Event Studio//Events//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${event.id}@event-studio`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.start_time)}`,
    `DTEND:${stamp(event.end_time)}`,
    `SEQUENCE:${event.calendar_sequence}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `ORGANIZER;CN=Event Studio:mailto:${organizer}`,
    `ATTENDEE;CN="${name.replace(/"/g, "'")}";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${recipient.email}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

const when = (event: InviteEvent) => {
  const format = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: event.timezone,
    timeZoneName: 'short',
  });
  return `${format.format(event.start_time)} – ${format.format(event.end_time)}`;
};

/** The invitation email: a short text and HTML body, and the calendar part. */
export function calendarInviteMail(
  event: InviteEvent,
  recipient: InviteRecipient,
  organizer: string,
  now?: Date,
): CalendarMailMessage {
  const subject = eventServerMessages.calendarInviteSubject.replace('{title}', event.title);
  const greeting = recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,';
  const details = [
    `When: ${when(event)} (${event.timezone})`,
    ...(event.location ? [`Where: ${event.location}`] : []),
  ];
  const text = [greeting, `Here is the up-to-date calendar invitation for ${event.title}.`, ...details].join(
    '\n\n',
  );
  const html = `<!doctype html><html><body><p>${escapeHtml(greeting)}</p><p>Here is the up-to-date calendar invitation for <strong>${escapeHtml(event.title)}</strong>.</p>${details
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</body></html>`;
  return {
    to: recipient.email,
    subject,
    text,
    html,
    icalEvent: {
      method: 'REQUEST',
      filename: 'invite.ics',
      content: calendarInvitation(event, recipient, organizer, now),
    },
  };
}
