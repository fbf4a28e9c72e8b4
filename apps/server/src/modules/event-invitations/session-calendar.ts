import { icalendar } from '@studio/domain';

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
  return icalendar({
    product: 'People',
    method: 'REQUEST',
    organizer,
    attendee: { name: `${person.firstName} ${person.lastName}`, email: person.email },
    entries: sessions.map((session) => ({
      uid: sessionEventUid(person.userId, session.id),
      start: session.start_time,
      end: session.end_time,
      sequence: session.sequence,
      summary: session.title,
      description: `${event.title}\n${magicLink}`,
      url: magicLink,
    })),
    now,
  });
}
