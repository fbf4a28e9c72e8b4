import type { Caller } from './caller.ts';

/**
 * What the studio's own URLs (its media, its uploads) given to a caller start with. A signed-in
 * person's session gets root-relative URLs (''), so they load from whatever address the studio
 * page was opened at and its CSP ('self') lets them; an API token and readers with no caller (the
 * attendee site, jobs, realtime pushes, webhooks, emails) get absolute PUBLIC_URL ones. Never the
 * Host header: the address a request came in at is not trusted to build URLs with.
 */
export function studioUrlBase(
  caller: Pick<Caller, 'apiTokenId'> | null | undefined,
  publicUrl: string,
): string {
  return caller && !caller.apiTokenId ? '' : publicUrl;
}
