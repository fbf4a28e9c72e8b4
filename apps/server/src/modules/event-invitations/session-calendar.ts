import { escapeText, fold, stamp } from '../back-office/icalendar.ts';

export interface CalendarSession {
  id: string;
  title: string;
  start_time: Date;
  end_time: Date;
  /** Rises each time the person is sent a new version of the session (it moved). */
  sequence: number;
}

export interface CalendarPerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A person's entry of one session: the same UID for every version sent to them. */
export const sessionEventUid = (userId: string, sessionId: string) => `${userId}.${sessionId}@event-studio`;

/**
 * A person's sessions as one iCalendar invitation (RFC 5545/5546, METHOD:REQUEST): one VEVENT per
 * session, times in UTC, the event's title and the person's magic link in the description.
 */
export function sessionsCalendar(
  sessions: readonly CalendarSession[],
  person: CalendarPerson,
  event: { title: string },
  magicLink: string,
  organizer: string,
  now: Date = new Date(),
): string {
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  const description = escapeText(`${event.title}\n${magicLink}`);
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Event Studio//People//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    ...sessions.flatMap((session) => [
      'BEGIN:VEVENT',
      `UID:${sessionEventUid(person.userId, session.id)}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(session.start_time)}`,
      `DTEND:${stamp(session.end_time)}`,
      `SEQUENCE:${session.sequence}`,
      `SUMMARY:${escapeText(session.title)}`,
      `DESCRIPTION:${description}`,
      `URL:${magicLink}`,
      `ORGANIZER;CN=Event Studio:mailto:${organizer}`,
      `ATTENDEE;CN="${name.replace(/"/g, "'")}";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${person.email}`,
      'STATUS:CONFIRMED',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
