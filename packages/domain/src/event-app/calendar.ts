import type { CalendarType } from '../code-areas/areas.ts';
import { icalendar } from '../calendar/icalendar.ts';

/** A session (or a whole event) as a calendar entry. */
export interface CalendarEntry {
  id: string;
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  /** Where the entry leads back to (the event app, or the event's page). */
  url: string;
  /** Where it takes place (an in-person event's venue); the link when it has none. */
  location?: string | null | undefined;
}

/** The calendars' names as attendees choose them. */
export const CALENDAR_NAMES: Record<CalendarType, string> = {
  appleical: 'Apple / iCal (.ics)',
  google: 'Google',
  outlookcom: 'Outlook.com',
  outlook: 'Outlook',
};

const placeOf = (entry: CalendarEntry) => entry.location?.trim() || entry.url;

const compact = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const outlookLink = (host: string, entry: CalendarEntry) =>
  `https://${host}/calendar/0/deeplink/compose?${new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: new Date(entry.start_time).toISOString(),
    enddt: new Date(entry.end_time).toISOString(),
    body: `${entry.description}\n${entry.url}`.trim(),
    location: placeOf(entry),
  }).toString()}`;

/**
 * The "add to calendar" link of a web calendar: Google's template, Outlook.com's
 * (outlook.live.com) and Microsoft 365's (outlook.office.com) compose deeplinks. Text is
 * URL-encoded; Google takes UTC basic times (20310501T140000Z), Outlook ISO instants.
 */
export function calendarLink(type: Exclude<CalendarType, 'appleical'>, entry: CalendarEntry): string {
  switch (type) {
    case 'google':
      return `https://calendar.google.com/calendar/render?${new URLSearchParams({
        action: 'TEMPLATE',
        text: entry.title,
        dates: `${compact(entry.start_time)}/${compact(entry.end_time)}`,
        details: `${entry.description}\n${entry.url}`.trim(),
        location: placeOf(entry),
      }).toString()}`;
    case 'outlookcom':
      return outlookLink('outlook.live.com', entry);
    case 'outlook':
      return outlookLink('outlook.office.com', entry);
  }
}

/** The .ics file of one session (appleical), from the one iCalendar writer. */
export function icsOf(entry: CalendarEntry, now: Date = new Date()): string {
  return icalendar({
    method: 'PUBLISH',
    product: 'Event App',
    now,
    entries: [
      {
        uid: `${entry.id}@event-studio`,
        start: new Date(entry.start_time),
        end: new Date(entry.end_time),
        sequence: 0,
        summary: entry.title,
        description: `${entry.description}\n${entry.url}`.trim(),
        location: entry.location,
        url: entry.url,
      },
    ],
  });
}
