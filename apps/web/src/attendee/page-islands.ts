import {
  CALENDAR_TYPES,
  countdownParts,
  CTA_BLOCK_TYPES,
  dateTimeText,
  PAGE_ISLAND_ATTRIBUTE,
  publicPageMessages,
  type CalendarType,
  type CtaPageType,
} from '@studio/domain';
import { onDemandEventOf, reportOnDemandWatching } from './beacon.ts';
import { runPageHook } from './page-hooks.ts';

/**
 * The built pages' light islands (issue 17 §1): plain DOM, no React. The server renders each
 * block; these bring its interactive part to life — the video player (hls.js loaded only when a
 * page has one), the countdown, the CTA and add-to-calendar click hooks.
 */

const islands = (name: string) =>
  document.querySelectorAll<HTMLElement>(`[${PAGE_ISLAND_ATTRIBUTE}="${name}"]`);

/**
 * The visitor's own zone (their browser's): the countdown, the pages' "your time" and the event
 * app's agenda say times in it, labelled as the domain labels every zone ('GMT-5', never 'EST').
 */
export const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Each countdown counts down to the event's start each second, and says when it starts in the visitor's timezone. */
export function mountCountdowns(now: () => Date = () => new Date()): () => void {
  const timers: ReturnType<typeof setInterval>[] = [];
  const zone = visitorZone();
  for (const slot of islands('countdown')) {
    const startsAt = new Date(slot.dataset.startsAt ?? '');
    if (Number.isNaN(startsAt.getTime())) continue;
    const left = document.createElement('p');
    left.className = 'countdown';
    left.setAttribute('aria-live', 'off');
    const local = document.createElement('p');
    local.className = 'muted';
    local.textContent = publicPageMessages.startsAt(dateTimeText(startsAt, zone));
    slot.replaceChildren(left, local);
    const endsAt = new Date(slot.dataset.endsAt ?? '');
    const heading = slot.closest('section')?.querySelector('h2');
    const tick = () => {
      const at = now();
      const parts = countdownParts(startsAt, at);
      if (parts) {
        left.textContent = publicPageMessages.countdown(parts);
        return true;
      }
      // 'Starts in' only before the start: live, then ended, each said without it.
      if (heading) heading.hidden = true;
      local.hidden = true;
      const ended = !Number.isNaN(endsAt.getTime()) && at.getTime() >= endsAt.getTime();
      left.textContent = ended ? publicPageMessages.ended : publicPageMessages.started;
      return !ended;
    };
    if (tick()) {
      const timer = setInterval(() => {
        if (!tick()) clearInterval(timer);
      }, 1000);
      timers.push(timer);
    }
  }
  return () => timers.forEach(clearInterval);
}

/**
 * A click on a CTA runs the organiser's Register CTA Click or Custom CTA Click hook with the spec's
 * parameters (002 §5.9), then the link goes where it goes. Answers the stop.
 */
export function listenToCtaClicks(): () => void {
  const clicked = (event: MouseEvent) => {
    const cta = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.page-cta');
    const page = cta?.closest<HTMLElement>('.built-page');
    if (!cta || !page) return;
    const { blockType = '', blockId = '' } = cta.dataset;
    const pageType = (page.dataset.pageType ?? 'Registration') as CtaPageType;
    if (blockType === CTA_BLOCK_TYPES.register)
      runPageHook(
        'register_cta_click',
        page.dataset.eventId ?? null,
        page.dataset.eventName ?? '',
        blockType,
        blockId,
        pageType,
      );
    else if (blockType === CTA_BLOCK_TYPES.custom)
      runPageHook('custom_cta_click', cta.textContent ?? '', cta.href, blockType, blockId, pageType);
  };
  document.addEventListener('click', clicked);
  return () => document.removeEventListener('click', clicked);
}

/**
 * A click on an add-to-calendar link of the registration's confirmation runs the organiser's Add
 * to Calendar hook (002 §5.9: the event's name and id as the session's, the calendar type), then
 * the link opens its calendar. Answers the stop.
 */
export function listenToCalendarClicks(): () => void {
  const clicked = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-calendar-type]');
    const section = link?.closest<HTMLElement>('.add-to-calendar');
    const type = link?.dataset.calendarType as CalendarType | undefined;
    if (!section || !type || !CALENDAR_TYPES.includes(type)) return;
    runPageHook('add_to_calendar', section.dataset.eventName ?? '', section.dataset.eventId ?? '', type);
  };
  document.addEventListener('click', clicked);
  return () => document.removeEventListener('click', clicked);
}

/** The page's video players, with hls.js fetched only when one has something to play. */
export async function mountVideos(): Promise<void> {
  const slots = [...islands('video')].filter((slot) => slot.dataset.hlsSrc);
  if (!slots.length) return;
  const { playVideo } = await import('./video-island.ts');
  for (const slot of slots) await playVideo(slot);
  // The public on-demand page and its embed count their visitors' watch time (issue 35).
  const onDemand = onDemandEventOf(window.location.pathname);
  if (onDemand)
    for (const slot of slots)
      for (const player of slot.querySelectorAll('video'))
        reportOnDemandWatching(player, onDemand, slot.dataset.session);
}
