import {
  eventEntranceMessages,
  eventLeavePath,
  eventRegisterPath,
  isScheduled,
  peopleMessages,
  timeRangeText,
} from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { EntranceView } from './entrance.ts';
import { page } from './layout.ts';

/** A bad, re-issued or foreign link, or no valid sign-in: one page, nothing about why. */
export const invalidLinkPage = () =>
  page(
    eventEntranceMessages.invalidTitle,
    `<h1>${escapeHtml(eventEntranceMessages.invalidTitle)}</h1><p>${escapeHtml(peopleMessages.magicLinkInvalid)}</p>`,
  );

/**
 * The event app opened in a browser that has used no link of the event (or that just left it,
 * `left`): how to get one.
 */
export const linkNeededPage = (eventId: string, left = false) => {
  const title = left ? eventEntranceMessages.leftTitle : eventEntranceMessages.linkNeededTitle;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(eventEntranceMessages.linkNeeded)}</p>` +
      `<p><a class="button" href="${eventRegisterPath(eventId)}">${escapeHtml(eventEntranceMessages.registerForLink)}</a></p>`,
  );
};

/**
 * The event app's server-rendered part: the event and who is signed in as what (with the way to
 * leave, for a shared device); a speaker's or staff member's sessions when they have some (an attendee goes straight on to the stage).
 */
export function entranceContent(view: EntranceView): string {
  const { event } = view;
  const sessions = view.sessions.length
    ? `<h2>${escapeHtml(eventEntranceMessages.yourSessions)}</h2><ul>${view.sessions
        .map(
          (session) =>
            `<li><strong>${escapeHtml(session.title)}</strong><br><span class="muted">${escapeHtml(
              timeRangeText(session.start_time, session.end_time, event.timezone),
            )} · ${escapeHtml(session.role)}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  return (
    // The event app re-writes these two when the event's title or times change (event-app.tsx).
    `<h1 data-event-title>${escapeHtml(event.title)}</h1>` +
    (isScheduled(event.event_type)
      ? `<p class="muted" data-event-times>${escapeHtml(timeRangeText(event.start_time, event.end_time, event.timezone))}</p>`
      : '') +
    `<div class="row signed-in"><p>${escapeHtml(`${eventEntranceMessages.signedInAs} ${view.name} · ${view.roleLabel}`)}</p>` +
    `<form method="post" action="${eventLeavePath(event.id)}"><button class="button secondary" type="submit">${escapeHtml(
      eventEntranceMessages.leaveEvent,
    )}</button></form></div>` +
    sessions
  );
}
