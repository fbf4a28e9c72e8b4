import type { FastifyInstance } from 'fastify';
import {
  attendeePageMessages,
  CALENDAR_NAMES,
  CALENDAR_TYPES,
  calendarLink,
  eventAppMessages,
  eventCalendarPath,
  eventLandingPath,
  eventRegisteredPath,
  eventRegisterPath,
  isRegistrationOutcomeKey,
  registrationOutcomeMessages,
  eventCalendarEntry,
  icalendar,
  type CalendarEntry,
  type CalendarType,
} from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { PublicEvent } from '../back-office/events/event-core.service.ts';
import type { AttendeeAssets } from './attendee-assets.ts';
import { eventTimes, page, plainText } from './layout.ts';
import { notFoundPage, type RegistrationPagesDeps } from './registration-pages.ts';
import { sendHtml } from './send-html.ts';

type ConfirmationPageDeps = Pick<RegistrationPagesDeps, 'publicEvent' | 'attendeeBaseUrl' | 'visitor'>;

/** The .ics file's name: the event's title in safe characters. */
const icsFilename = (title: string) =>
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
export function createCalendarLinks(deps: Pick<ConfirmationPageDeps, 'attendeeBaseUrl'>) {
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
    /** The links as a section headed 'Add to Calendar' (the attendee bundle runs the organiser's hook on a click). */
    async section(event: PublicEvent): Promise<string> {
      const entry = await entryOf(event);
      return (
        `<section class="add-to-calendar" data-event-id="${escapeHtml(event.id)}" data-event-name="${escapeHtml(event.title)}">` +
        `<h2>${escapeHtml(eventAppMessages.addToCalendar)}</h2><p class="calendar-links">` +
        `${CALENDAR_TYPES.map((type) => calendarButton(type, entry)).join('')}</p></section>`
      );
    },
  };
}

export type CalendarLinks = ReturnType<typeof createCalendarLinks>;

/**
 * The registration's confirmation on the attendee origin (issue 34 §8): where the register page
 * sends a registrant (`?status=` the outcome), with the event's title and dates, the outcome's
 * message, the Enter Event button when this visitor may enter, and — once registered — the
 * add-to-calendar links (`createCalendarLinks`).
 */
export function registerConfirmationPage(
  app: FastifyInstance,
  deps: ConfirmationPageDeps,
  assets: AttendeeAssets,
): void {
  const calendarLinks = createCalendarLinks(deps);

  app.get<{ Params: { eventId: string }; Querystring: Record<string, unknown> }>(
    eventRegisteredPath(':eventId'),
    async (request, reply) => {
      const event = await deps.publicEvent(request.params.eventId);
      if (!event) return sendHtml(reply, 404, notFoundPage());
      const { status } = request.query;
      // Only a register call's outcome is told here; any other address goes to the form.
      if (!isRegistrationOutcomeKey(status))
        return reply.status(303).header('location', eventRegisterPath(event.id)).send();
      const calendars = status === 'REGISTRATION' ? await calendarLinks.section(event) : '';
      const body =
        `<h1 class="event-title">${escapeHtml(event.title)}</h1>${eventTimes(event.start_time, event.end_time, event.timezone)}` +
        `<div class="alert" role="status"><p>${escapeHtml(registrationOutcomeMessages[status])}</p></div>` +
        `${(await deps.visitor(request, event.id)).enterEvent}${calendars}` +
        `<p><a href="${escapeHtml(eventLandingPath(event.id))}">${escapeHtml(attendeePageMessages.eventPage)}</a></p>`;
      return sendHtml(reply, 200, page(event.title, body, { script: assets.script }));
    },
  );

  app.get<{ Params: { eventId: string } }>(eventCalendarPath(':eventId'), async (request, reply) => {
    const event = await deps.publicEvent(request.params.eventId);
    if (!event) return sendHtml(reply, 404, notFoundPage());
    const entry = await calendarLinks.entryOf(event);
    const ics = icalendar({
      product: 'Events',
      method: 'PUBLISH',
      entries: [eventCalendarEntry(event, entry.url)],
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${icsFilename(event.title)}"`)
      .header('cache-control', 'no-store')
      .send(ics);
  });
}
