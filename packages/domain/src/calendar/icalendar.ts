/**
 * The studio's one iCalendar writer (RFC 5545, with RFC 5546's METHOD): the invitations of events,
 * of people's sessions and of registrants, the event's entry a visitor downloads and a session's
 * the event app offers, are all written here (server and browser). Times are in UTC.
 */

import { richTextAsPlainText } from '../rich-text.ts';

/** An event's own calendar entry: one UID for its invitations to organisers and registrants alike. */
export const eventCalendarUid = (eventId: string) => `${eventId}@event-studio`;

/**
 * REQUEST sends or updates the entries (same UID, higher SEQUENCE); CANCEL withdraws them;
 * PUBLISH offers them to anyone (a download: no organizer, no attendee).
 */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface ICalendarEntry {
  /** Stable across versions: a calendar replaces the entry with the same UID. */
  uid: string;
  start: Date;
  end: Date;
  /** Rises with each version sent. */
  sequence: number;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string;
}

/** What an event's calendar entry reads of it. */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  start_time: Date;
  end_time: Date;
  calendar_sequence: number;
}

/**
 * An event's own entry, in its invitations and its download alike (one UID, one SEQUENCE): its
 * public page is the entry's URL and the description's last line (after the plain text of the
 * event's rich description), so every calendar that shows one of them leads back to the event.
 */
export const eventCalendarEntry = (event: CalendarEvent, pageUrl: string): ICalendarEntry => ({
  uid: eventCalendarUid(event.id),
  start: event.start_time,
  end: event.end_time,
  sequence: event.calendar_sequence,
  summary: event.title,
  description: `${richTextAsPlainText(event.description)}\n${pageUrl}`.trim(),
  location: event.location,
  url: pageUrl,
});

interface CalendarBase {
  /** Which part of the studio wrote it (PRODID's last-but-one part: Events, People …). */
  product: string;
  entries: readonly ICalendarEntry[];
  now?: Date;
}

/** Entries sent to one person. */
export interface CalendarInvitation extends CalendarBase {
  method: Exclude<CalendarMethod, 'PUBLISH'>;
  /** The ORGANIZER's address. */
  organizer: string;
  attendee: { name: string; email: string };
}

/** Entries anyone may add to their calendar (the .ics a page links to). */
export interface CalendarPublication extends CalendarBase {
  method: 'PUBLISH';
}

/** RFC 5545 §3.3.5: a UTC date-time (20310203T090000Z). */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 §3.3.11 text escaping. */
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const utf8 = new TextEncoder();
const octets = (text: string) => utf8.encode(text).length;

/** RFC 5545 §3.1: lines of at most 75 octets, continued with a leading space. */
function fold(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (octets(current + char) > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The ORGANIZER and ATTENDEE lines of an invitation (none for a publication). RSVP=FALSE: the
 * ORGANIZER is the studio's no-reply sender, so a calendar must not mail it the attendee's answer.
 */
function participants(calendar: CalendarInvitation | CalendarPublication): string[] {
  if (calendar.method === 'PUBLISH') return [];
  const { attendee } = calendar;
  const name = (attendee.name.trim() || attendee.email).replace(/"/g, "'");
  return [
    `ORGANIZER;CN=Event Studio:mailto:${calendar.organizer}`,
    `ATTENDEE;CN="${name}";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${attendee.email}`,
  ];
}

/** The invitation or publication as an iCalendar object (CRLF lines, folded). */
export function icalendar(invitation: CalendarInvitation | CalendarPublication): string {
  const { method } = invitation;
  const now = invitation.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:-//Event Studio//${invitation.product}//EN`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...invitation.entries.flatMap((entry) => [
      'BEGIN:VEVENT',
      `UID:${entry.uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(entry.start)}`,
      `DTEND:${stamp(entry.end)}`,
      `SEQUENCE:${entry.sequence}`,
      `SUMMARY:${escapeText(entry.summary)}`,
      ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
      ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
      ...(entry.url ? [`URL:${entry.url}`] : []),
      ...participants(invitation),
      `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
