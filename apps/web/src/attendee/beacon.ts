import { registrationPageView, registrationViewPath, utmOf } from '@studio/domain';

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
