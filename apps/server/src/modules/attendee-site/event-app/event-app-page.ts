import { ATTENDEE_DATA_ID, ATTENDEE_ROOT_ID, attendeePageMessages, eventAppMessages } from '@studio/domain';
import { escapeHtml } from '../../../platform/mail/mail.ts';
import type { EntranceView } from '../entrance.ts';
import { entranceContent } from '../entrance-page.ts';
import { eventTimes, page } from '../layout.ts';

/** What the island reads from the page (JSON in a non-executable script tag). */
export interface EventAppPageData {
  eventId: string;
}

/** JSON safe inside a `<script type="application/json">`: no `<` can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The event app's server-rendered shell: the event, who is signed in, their sessions, and the
 * island's root (the app itself is a lazy chunk of the attendee bundle).
 */
export function eventAppPage(view: EntranceView, script: string | undefined): string {
  const data: EventAppPageData = { eventId: view.event.id };
  return page(
    view.event.title,
    entranceContent(view) +
      `<div id="${ATTENDEE_ROOT_ID}" data-page="event-app"></div>` +
      `<script type="application/json" id="${ATTENDEE_DATA_ID}">${scriptJson(data)}</script>`,
    { script, bodyClass: 'stage-page' },
  );
}

/** The not-yet-open page's links: the event's page and its add-to-calendar section. */
export interface NotOpenLinks {
  eventPage: string;
  calendars: string;
}

/**
 * Before the event opens (one hour before its start, unless early entry is on): when it opens, its
 * dates, the add-to-calendar links the confirmation page shows and the way back to the event's
 * page (a public event's), in the event's branding (added as the page is sent).
 */
export const notOpenPage = (
  view: EntranceView,
  links: NotOpenLinks | undefined,
  script: string | undefined,
) =>
  page(
    view.event.title,
    `<p class="event-title"><strong>${escapeHtml(view.event.title)}</strong></p>` +
      `<h1>${escapeHtml(eventAppMessages.notOpenTitle)}</h1>` +
      `<p>${escapeHtml(eventAppMessages.notOpen)}</p>` +
      eventTimes(view.event) +
      (links
        ? `${links.calendars}<p><a href="${escapeHtml(links.eventPage)}">${escapeHtml(attendeePageMessages.eventPage)}</a></p>`
        : ''),
    { script },
  );
