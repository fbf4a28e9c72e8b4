import type { FastifyInstance } from 'fastify';

/** A browser's User-Agent (bots' beacons are dropped). */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

/**
 * A browser's navigator.sendBeacon to the attendee site: its string body, JSON sent as text/plain,
 * with the event cookie where the page has one. The demo seed replays attendance with it; tests
 * send it as the event app and the on-demand page do.
 */
export const sendBeacon = (
  site: FastifyInstance,
  url: string,
  body: object,
  { cookie, userAgent = BROWSER }: { cookie?: string; userAgent?: string } = {},
) =>
  site.inject({
    method: 'POST',
    url,
    headers: {
      ...(cookie === undefined ? {} : { cookie }),
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': userAgent,
    },
    payload: JSON.stringify(body),
  });
