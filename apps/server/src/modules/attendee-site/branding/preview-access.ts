import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview token opens an event's preview pages (the studio asks for a new one before then). */
export const PREVIEW_TOKEN_TTL_SECONDS = 2 * 3600;

/**
 * Preview tokens: the studio mints one for an organiser who may edit an event's branding; the
 * attendee origin, which reads no studio session, accepts it on that event's preview pages only,
 * until it expires. `<event>.<expires>.<mac>`, nothing stored.
 */
export function createPreviewAccess(secretKey: string, now: () => number = Date.now) {
  const mac = (eventId: string, expires: string) =>
    createHmac('sha256', secretKey).update(`branding-preview:${eventId}:${expires}`).digest('base64url');

  return {
    tokenFor(eventId: string): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + PREVIEW_TOKEN_TTL_SECONDS;
      return {
        token: `${eventId}.${expires}.${mac(eventId, String(expires))}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    /** Whether the token opens this event's preview now. */
    opens(eventId: string, token: string): boolean {
      const [forEvent = '', expires = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || forEvent !== eventId) return false;
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return false;
      const a = Buffer.from(given);
      const b = Buffer.from(mac(eventId, expires));
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

export type PreviewAccess = ReturnType<typeof createPreviewAccess>;
