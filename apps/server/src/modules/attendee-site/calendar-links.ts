import {
  CALENDAR_NAMES,
  CALENDAR_TYPES,
  calendarLink,
  eventAppMessages,
  eventCalendarPath,
  eventLandingPath,
  isScheduled,
  type CalendarEntry,
  type CalendarType,
} from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { PublicEvent } from '../back-office/events/event-core.service.ts';
import { plainText } from './layout.ts';

/** The .ics file's name: the event's title in safe characters. */
export const icsFilename = (title: string) =>
  `${title.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'event'}.ics`;

/**
 * One calendar's link: the web calendars open in a new tab, the .ics downloads. The attendee
 * bundle runs the organiser's Add to Calendar hook on a click (`data-calendar-type`).
 */
function calendarButton(type: CalendarType, entry: CalendarEntry): string {
  const link =
    type === 'appleical'
      ? `href="${escapeHtml(eventCalendarPath(entry.id))}" download="${escapeHtml(icsFilename(entry.title))}"`
      : `href="${escapeHtml(calendarLink(type, entry))}" target="_blank" rel="noopener noreferrer"`;
  return `<a class="button secondary" data-calendar-type="${type}" ${link}>${escapeHtml(CALENDAR_NAMES[type])}</a>`;
}

/**
 * The add-to-calendar links of an event (Google, Outlook.com, Microsoft 365, and the event's .ics
 * written by the studio's one iCalendar writer with the UID and SEQUENCE of its emailed
 * invitations): the confirmation page's, and every attendee page that offers them (the event app
 * before the event opens, a series' outcome).
 */
export function createCalendarLinks(deps: { attendeeBaseUrl: AttendeeBaseUrl }) {
  async function entryOf(event: PublicEvent): Promise<CalendarEntry> {
    const base = await deps.attendeeBaseUrl(event.organizationId);
    return {
      id: event.id,
      title: event.title,
      description: plainText(event.description),
      start_time: event.start_time.toISOString(),
      end_time: event.end_time.toISOString(),
      url: `${base}${eventLandingPath(event.id)}`,
      location: event.location,
    };
  }
  return {
    entryOf,
    /**
     * The links as a section headed 'Add to Calendar' (with the event's title after it where a page
     * offers several events'); the attendee bundle runs the organiser's hook on a click. None for a
     * recording, which has no schedule.
     */
    async section(event: PublicEvent, options: { named?: boolean } = {}): Promise<string> {
      if (!isScheduled(event.event_type)) return '';
      const entry = await entryOf(event);
      const heading = options.named
        ? `${eventAppMessages.addToCalendar}: ${event.title}`
        : eventAppMessages.addToCalendar;
      return (
        `<section class="add-to-calendar" data-event-id="${escapeHtml(event.id)}" data-event-name="${escapeHtml(event.title)}">` +
        `<h2>${escapeHtml(heading)}</h2><p class="calendar-links">` +
        `${CALENDAR_TYPES.map((type) => calendarButton(type, entry)).join('')}</p></section>`
      );
    },
  };
}

export type CalendarLinks = ReturnType<typeof createCalendarLinks>;
