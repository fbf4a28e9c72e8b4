import type { FastifyInstance } from 'fastify';
import {
  attendeePageMessages,
  eventCalendarPath,
  eventLandingPath,
  eventRegisteredPath,
  eventRegisterPath,
  isRegistrationOutcomeKey,
  isScheduled,
  registrationOutcomeMessages,
  eventCalendarEntry,
  icalendar,
} from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { AttendeeAssets } from './attendee-assets.ts';
import { createCalendarLinks, icsFilename } from './calendar-links.ts';
import { eventTimes, page } from './layout.ts';
import { notFoundPage, type RegistrationPagesDeps } from './registration-pages.ts';
import { sendHtml } from './send-html.ts';

type ConfirmationPageDeps = Pick<
  RegistrationPagesDeps,
  'publicEvent' | 'attendeeBaseUrl' | 'visitor' | 'openForEntry'
>;

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
      const { enterEvent } = await deps.visitor(request, event.id);
      // A new registrant is not signed in here (docs/decisions.md): while the event is open, they
      // are told that their email's link enters it now.
      const liveNote =
        status === 'REGISTRATION' && !enterEvent && (await deps.openForEntry(event))
          ? `<p class="live-note"><strong>${escapeHtml(attendeePageMessages.liveNowEnterByEmail)}</strong></p>`
          : '';
      const body =
        `<h1 class="event-title">${escapeHtml(event.title)}</h1>${eventTimes(event)}` +
        `<div class="alert" role="status"><p>${escapeHtml(registrationOutcomeMessages[status])}</p>${liveNote}</div>` +
        `${enterEvent}${calendars}` +
        `<p><a href="${escapeHtml(eventLandingPath(event.id))}">${escapeHtml(attendeePageMessages.eventPage)}</a></p>`;
      return sendHtml(reply, 200, page(event.title, body, { script: assets.script }));
    },
  );

  app.get<{ Params: { eventId: string } }>(eventCalendarPath(':eventId'), async (request, reply) => {
    const event = await deps.publicEvent(request.params.eventId);
    // A recording has no schedule to put in a calendar.
    if (!event || !isScheduled(event.event_type)) return sendHtml(reply, 404, notFoundPage());
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
