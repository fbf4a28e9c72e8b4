/**
 * The players' rules (spec 000 §7, §8), apart from any UI kit and from hls.js itself: the studio's
 * player and the event app's stage (attendee origin, no Mantine, hls.js loaded on demand) share them.
 */

import type Hls from 'hls.js/light';

/** hls.js's `ErrorTypes` values (a string enum), named here so this file does not load hls.js. */
const NETWORK_ERROR = 'networkError';
const MEDIA_ERROR = 'mediaError';

/** Spec 000 §8: the playback failure message stays this long. */
export const PLAYBACK_FAILED_MESSAGE_MS = 5000;

/** The organisation's HLS guard parameters (spec 000 §7). */
export interface HlsGuardParams {
  orgId: string;
  code: string;
}

export type HlsErrorAction = 'ignore' | 'startLoad' | 'recoverMediaError' | 'fail';

/** Spec 000 §8: fatal network error → load again; fatal media error → recover; any other fatal error → fail. */
export function hlsErrorAction(error: { fatal: boolean; type: string }): HlsErrorAction {
  if (!error.fatal) return 'ignore';
  if (error.type === NETWORK_ERROR) return 'startLoad';
  if (error.type === MEDIA_ERROR) return 'recoverMediaError';
  return 'fail';
}

/**
 * Applies 000 §8's error rules to a player: `fail` runs after the player is destroyed. hls.js's
 * `Events` is passed in, so this file (the event app's first load) never loads hls.js itself.
 */
export function onHlsError(hls: Hls, Events: typeof Hls.Events, fail: () => void): void {
  hls.on(Events.ERROR, (_event, data) => {
    switch (hlsErrorAction(data)) {
      case 'ignore':
        return;
      case 'startLoad':
        hls.startLoad();
        return;
      case 'recoverMediaError':
        hls.recoverMediaError();
        return;
      case 'fail':
        hls.destroy();
        fail();
    }
  });
}

/** The guard parameters of a playlist URL the server handed out (`org_id`, `code`), if any. */
export function guardParamsOf(url: string): HlsGuardParams | null {
  try {
    const parsed = new URL(url, window.location.href);
    const orgId = parsed.searchParams.get('org_id');
    const code = parsed.searchParams.get('code');
    return orgId && code ? { orgId, code } : null;
  } catch {
    return null;
  }
}

/**
 * Spec 000 §7: requests to the media host carry `org_id` and the access `code` when the guard is
 * on; a URL that already has them (or another host's) is left alone.
 */
export function withGuardParams(url: string, guard: HlsGuardParams | null, mediaOrigin: string): string {
  if (!guard) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, mediaOrigin);
  } catch {
    return url;
  }
  if (parsed.origin !== new URL(mediaOrigin).origin || parsed.searchParams.has('org_id')) return url;
  parsed.searchParams.set('org_id', guard.orgId);
  parsed.searchParams.set('code', guard.code);
  return parsed.toString();
}
