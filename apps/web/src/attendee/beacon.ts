import {
  HEARTBEAT_SECONDS,
  MAX_WATCHED_SECONDS,
  onDemandWatch,
  onDemandWatchPath,
  registrationPageView,
  registrationViewPath,
  utmOf,
} from '@studio/domain';

export type Send = (url: string, body: string) => void;

/** sendBeacon (its string body goes as text/plain, a simple request), else a fetch that outlives the page. */
export const sendBeacon: Send = (url, body) => {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
};

const VISITOR_KEY = 'event-studio-visitor';
/** A random id kept for the browser tab's session: unique visitors without a cookie. */
function visitorId(): string {
  const kept = sessionStorage.getItem(VISITOR_KEY);
  if (kept) return kept;
  const made = crypto.randomUUID();
  sessionStorage.setItem(VISITOR_KEY, made);
  return made;
}

/** The registration page (`/e/{event}/register`) reports its view and campaign to its own origin. */
export function reportRegistrationView(
  place: Pick<Location, 'pathname' | 'search'>,
  send: Send = sendBeacon,
) {
  const eventId = /^\/e\/([^/]+)\/register\/?$/.exec(place.pathname)?.[1];
  if (!eventId) return;
  const view = registrationPageView.parse({
    visitor: visitorId(),
    ...utmOf(place.search),
    referrer: document.referrer.slice(0, 500) || null,
  });
  send(registrationViewPath(eventId), JSON.stringify(view));
}

/**
 * A player's watch clock: `played` hears when it first plays, `counted` the seconds played every
 * HEARTBEAT_SECONDS while it plays and the rest when it pauses, ends or stops (the answer).
 */
export function watchClock(
  player: HTMLVideoElement,
  counted: (seconds: number) => void,
  played: () => void = () => undefined,
): () => void {
  let since: number | null = null;
  let joined = false;
  const count = () => {
    if (since === null) return;
    const seconds = Math.min(MAX_WATCHED_SECONDS, Math.round((Date.now() - since) / 1000));
    since = Date.now();
    if (seconds > 0) counted(seconds);
  };
  const playing = () => {
    if (!joined) played();
    joined = true;
    since ??= Date.now();
  };
  const paused = () => {
    count();
    since = null;
  };
  const heartbeat = setInterval(count, HEARTBEAT_SECONDS * 1000);
  player.addEventListener('playing', playing);
  player.addEventListener('pause', paused);
  player.addEventListener('ended', paused);
  return () => {
    clearInterval(heartbeat);
    paused();
    player.removeEventListener('playing', playing);
    player.removeEventListener('pause', paused);
    player.removeEventListener('ended', paused);
  };
}

/** The event of a public on-demand page or its embed (`/e/{event}/on-demand`, `/embed/{event}`). */
export const onDemandEventOf = (pathname: string): string | undefined => {
  const match = /^\/(?:e\/([^/]+)\/on-demand|embed\/([^/]+))\/?$/.exec(pathname);
  return match?.[1] ?? match?.[2];
};

/**
 * The public on-demand page's player (its visitors hold no event cookie): the seconds played go
 * to the attendee origin with the tab's visitor id, also when the page is left.
 */
export function reportOnDemandWatching(
  player: HTMLVideoElement,
  eventId: string,
  /** The session whose recording or video the player plays (the slot's `data-session`). */
  session: string | undefined,
  send: Send = sendBeacon,
) {
  const stop = watchClock(player, (seconds) =>
    send(
      onDemandWatchPath(eventId),
      JSON.stringify(onDemandWatch.parse({ visitor: visitorId(), seconds, session })),
    ),
  );
  window.addEventListener('pagehide', stop, { once: true });
  return stop;
}
