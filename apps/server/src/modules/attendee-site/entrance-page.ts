import { eventEntranceMessages, peopleMessages, timeRangeText } from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { EntranceView } from './entrance.ts';
import { page } from './layout.ts';

/** A bad, re-issued or foreign link, or no valid sign-in: one page, nothing about why. */
export const invalidLinkPage = () =>
  page(
    eventEntranceMessages.invalidTitle,
    `<h1>${escapeHtml(eventEntranceMessages.invalidTitle)}</h1><p>${escapeHtml(peopleMessages.magicLinkInvalid)}</p>`,
  );

/** The event app's server-rendered part: the event, who is signed in as what, and their sessions. */
export function entranceContent(view: EntranceView): string {
  const { event } = view;
  const sessions = view.sessions.length
    ? `<ul>${view.sessions
        .map(
          (session) =>
            `<li><strong>${escapeHtml(session.title)}</strong><br><span class="muted">${escapeHtml(
              timeRangeText(session.start_time, session.end_time, event.timezone),
            )} · ${escapeHtml(session.role)}</span></li>`,
        )
        .join('')}</ul>`
    : `<p class="muted">${escapeHtml(eventEntranceMessages.noSessions)}</p>`;
  return (
    `<h1>${escapeHtml(event.title)}</h1>` +
    `<p class="muted">${escapeHtml(timeRangeText(event.start_time, event.end_time, event.timezone))}</p>` +
    `<p>${escapeHtml(`${eventEntranceMessages.signedInAs} ${view.name} · ${view.roleLabel}`)}</p>` +
    `<h2>${escapeHtml(eventEntranceMessages.yourSessions)}</h2>${sessions}`
  );
}
