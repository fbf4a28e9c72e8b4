import {
  buttonNameOf,
  deviceTypeOf,
  isAnonymousUsageEvent,
  MAX_STUDIO_USAGE_EVENTS,
  STUDIO_USAGE_SESSION_KEY,
  type LoginMethod,
  type StudioUsageEvent,
} from '@studio/domain';
import { localSession } from '../api/local-session.ts';

/** Where the studio's usage goes (its own server, `POST /api/core/track/`). */
export const STUDIO_USAGE_PATH = '/api/core/track/';

/** Sends a batch; the request outlives the page (it is sent as the page goes). */
export type UsageSend = (body: string, access: string | null) => void;

const sendToServer: UsageSend = (body, access) => {
  void fetch(STUDIO_USAGE_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(access ? { authorization: `Bearer ${access}` } : {}) },
  }).catch(() => undefined);
};

const newSessionId = () => {
  const made = crypto.randomUUID();
  localStorage.setItem(STUDIO_USAGE_SESSION_KEY, made);
  return made;
};
const sessionId = () => localStorage.getItem(STUDIO_USAGE_SESSION_KEY) ?? newSessionId();

const deviceType = () =>
  deviceTypeOf({
    width: window.innerWidth,
    touch: window.matchMedia?.('(pointer: coarse)').matches ?? false,
  });

/** A control's text as a screen reader says it: without what is hidden from it (an avatar's initials). */
function spokenText(control: Element): string {
  const copy = control.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

/** The control a click was on: a button (or a control acting as one) or a link, with its name. */
function clickedControl(target: EventTarget | null): StudioUsageEvent | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest('button, [role="button"], a[href]');
  if (!control) return null;
  const name = buttonNameOf(
    control.getAttribute('aria-label') ?? (spokenText(control) || control.getAttribute('title') || ''),
  );
  if (!name) return null;
  return { event: control.matches('a[href]') ? 'link_click' : 'button_click', button_name: name };
}

/**
 * The studio's own usage analytics (002 §7.11 track events): clicks on buttons and links, and
 * sign-ins and sign-outs, queued in the page and sent to the studio's server when the page is
 * hidden or left, when the queue is full, and at sign-out. The analytics session
 * id is kept in local storage, started at sign-in and ended at sign-out.
 */
export function createStudioUsage(send: UsageSend = sendToServer) {
  let queue: StudioUsageEvent[] = [];
  const flush = () => {
    const access = localSession.tokens()?.access ?? null;
    // With nobody signed in, only failed sign-ins may be told; clicks on the sign-in pages are not.
    const events = access ? queue : queue.filter(isAnonymousUsageEvent);
    queue = [];
    if (events.length > 0) send(JSON.stringify({ session_id: sessionId(), events }), access);
  };
  const track = (event: StudioUsageEvent) => {
    queue.push(event);
    if (queue.length >= MAX_STUDIO_USAGE_EVENTS) flush();
  };
  const signInOut = (action: 'login' | 'logout', isSuccess: boolean, method: LoginMethod | null) =>
    track({
      event: 'studioLoginLogout',
      device_type: deviceType(),
      action,
      is_success: isSuccess,
      login_method: method,
    });
  return {
    /** Watches the page's clicks and its leaving; answers the stop. */
    watch(): () => void {
      const clicked = (event: MouseEvent) => {
        const control = clickedControl(event.target);
        if (control) track(control);
      };
      const hidden = () => document.visibilityState === 'hidden' && flush();
      document.addEventListener('click', clicked, { capture: true });
      document.addEventListener('visibilitychange', hidden);
      window.addEventListener('pagehide', flush);
      return () => {
        document.removeEventListener('click', clicked, { capture: true });
        document.removeEventListener('visibilitychange', hidden);
        window.removeEventListener('pagehide', flush);
        flush();
      };
    },
    /** A sign-in that failed: told by nobody (no one is signed in). */
    signInFailed(method: LoginMethod) {
      signInOut('login', false, method);
    },
    /** Signed in: a new analytics session starts (what waits goes with it, once signed in). */
    signedIn(method: LoginMethod) {
      newSessionId();
      signInOut('login', true, method);
    },
    /** Signing out (while the session still holds): the sign-out and what waited go, and the analytics session ends. */
    signingOut() {
      signInOut('logout', true, null);
      flush();
      localStorage.removeItem(STUDIO_USAGE_SESSION_KEY);
    },
  };
}

/** The studio's one usage tracker. */
export const studioUsage = createStudioUsage();
