import { createHash } from 'node:crypto';
import { eventEntranceMessages, peopleMessages, timeRangeText } from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { EntranceView } from './entrance.ts';

/** The pages' only style: inline, allowed by its hash in the site's CSP (no 'unsafe-inline'). */
const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1a1b1e}' +
  'main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px}' +
  'h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}' +
  '.muted{color:#5c5f66}ul{padding:0;list-style:none}li{padding:.5rem 0;border-top:1px solid #e9ecef}';

export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/** A bad, re-issued or foreign link, or no valid sign-in: one page, nothing about why. */
export const invalidLinkPage = () =>
  page(
    eventEntranceMessages.invalidTitle,
    `<h1>${escapeHtml(eventEntranceMessages.invalidTitle)}</h1><p>${escapeHtml(peopleMessages.magicLinkInvalid)}</p>`,
  );

/** The event app's entrance: the event, who is signed in as what, and their sessions. */
export function entrancePage(view: EntranceView): string {
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
  return page(
    event.title,
    `<h1>${escapeHtml(event.title)}</h1>` +
      `<p class="muted">${escapeHtml(timeRangeText(event.start_time, event.end_time, event.timezone))}</p>` +
      `<p>${escapeHtml(`${eventEntranceMessages.signedInAs} ${view.name} · ${view.roleLabel}`)}</p>` +
      `<h2>${escapeHtml(eventEntranceMessages.yourSessions)}</h2>${sessions}`,
  );
}
