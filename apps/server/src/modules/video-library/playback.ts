import { createHash, createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/secrets.ts';

/** The studio serves every stored media object of an asset under this path. */
export const MEDIA_ROUTE_PREFIX = '/api/media/';

/** Objects of an asset live under `videos/<asset id>/`. */
export const assetPrefix = (assetId: string) => `videos/${assetId}/`;

/** The WebVTT captions of an asset and their HLS subtitles playlist: made from its transcript on request. */
export const captionsKeyOf = (assetId: string) => `${assetPrefix(assetId)}captions/en.vtt`;
export const subtitlesPlaylistKeyOf = (assetId: string) => `${assetPrefix(assetId)}captions/en.m3u8`;

export interface GuardScope {
  organizationId: string;
  assetId: string;
}

/**
 * An access code as `issue` writes it: the expiry in whole seconds (digits only, no sign, no
 * leading zero, no exponent or hex, no spaces) and the signature (18 bytes in base64url).
 */
const CODE_FORMAT = /^([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{24})$/;

/**
 * The HLS guard (spec 000 §7): with the organisation's guard on, every playlist and segment
 * request carries `org_id` and an access `code` — an HMAC over organisation, asset and expiry, so a
 * code opens one asset of one organisation and only until it expires.
 */
export function createHlsGuard(secretKey: string, ttlSeconds: number, now: () => number = Date.now) {
  const key = createHash('sha256').update(`hls-guard:${secretKey}`).digest();
  const sign = (scope: GuardScope, expires: number) =>
    createHmac('sha256', key)
      .update(`${scope.organizationId}:${scope.assetId}:${expires}`)
      .digest()
      .subarray(0, 18)
      .toString('base64url');

  return {
    issue(scope: GuardScope): string {
      // Rounded up to the hour: every URL handed out within an hour is the same (cache friendly).
      const expires = Math.ceil((now() / 1000 + ttlSeconds) / 3600) * 3600;
      return `${expires}.${sign(scope, expires)}`;
    },

    verify(scope: GuardScope, code: string | undefined): boolean {
      const [, expiresText = '', signature = ''] = CODE_FORMAT.exec(code ?? '') ?? [];
      const expires = Number(expiresText);
      if (!signature) return false;
      if (expires * 1000 < now()) return false;
      return sameSecret(signature, sign(scope, expires));
    },
  };
}

export type HlsGuard = ReturnType<typeof createHlsGuard>;

/** An absolute URL of a stored object, with the guard's parameters when they are needed. */
export function mediaUrl(
  publicUrl: string,
  key: string,
  guard?: { organizationId: string; code: string },
): string {
  const path = key
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const query = guard
    ? `?org_id=${encodeURIComponent(guard.organizationId)}&code=${encodeURIComponent(guard.code)}`
    : '';
  return `${publicUrl}${MEDIA_ROUTE_PREFIX}${path}${query}`;
}

/**
 * A media URL of an asset moved under another address of the same server (`prefix`, ending in a
 * slash, in place of `/api/media/videos/<asset>/`), without the guard's query: the address decides
 * who opens it. Null stays null; a URL not of the asset's objects is refused.
 */
export function rehomedMediaUrl(url: string | null, assetId: string, prefix: string): string | null {
  if (url === null) return null;
  const parsed = new URL(url);
  const from = `${MEDIA_ROUTE_PREFIX}${assetPrefix(assetId)}`;
  if (!parsed.pathname.startsWith(from)) throw new Error(`Not a media URL of ${assetId}: ${url}`);
  return `${parsed.origin}${prefix}${parsed.pathname.slice(from.length)}`;
}

/**
 * Appends the guard's query to every URI of a playlist — variant and segment lines, and URI="…"
 * attributes (maps, keys, media) — so a player following the playlist keeps proving access.
 */
export function rewritePlaylist(playlist: string, query: string): string {
  const withQuery = (uri: string) =>
    /^[a-z]+:/i.test(uri) ? uri : `${uri}${uri.includes('?') ? '&' : '?'}${query}`;
  return playlist
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith('#'))
        return line.replace(/URI="([^"]+)"/g, (_whole, uri: string) => `URI="${withQuery(uri)}"`);
      return withQuery(trimmed);
    })
    .join('\n');
}
