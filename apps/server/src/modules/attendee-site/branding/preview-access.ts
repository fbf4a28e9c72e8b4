import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a preview shows: an event's pages, or a template's (its own landing page over its programme). */
export type PreviewSubjectKind = 'event' | 'template';

/** How long a preview token opens an event's preview pages (the studio asks for a new one before then). */
export const PREVIEW_TOKEN_TTL_SECONDS = 2 * 3600;

/**
 * Preview tokens: the studio mints one for an organiser who may edit an event's branding; the
 * attendee origin, which reads no studio session, accepts it on that event's preview pages only,
 * until it expires. `<id>.<expires>.<mac>`, nothing stored; the mac names the kind, so an event's
 * token never opens a template's preview.
 */
export function createPreviewAccess(secretKey: string, now: () => number = Date.now) {
  const mac = (kind: PreviewSubjectKind, id: string, expires: string) =>
    createHmac('sha256', secretKey)
      .update(
        kind === 'event' ? `branding-preview:${id}:${expires}` : `branding-preview:${kind}:${id}:${expires}`,
      )
      .digest('base64url');

  return {
    tokenFor(id: string, kind: PreviewSubjectKind = 'event'): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + PREVIEW_TOKEN_TTL_SECONDS;
      return {
        token: `${id}.${expires}.${mac(kind, id, String(expires))}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    /** Whether the token opens this event's (or template's) preview now. */
    opens(id: string, token: string, kind: PreviewSubjectKind = 'event'): boolean {
      const [forId = '', expires = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || forId !== id) return false;
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return false;
      const a = Buffer.from(given);
      const b = Buffer.from(mac(kind, id, expires));
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

export type PreviewAccess = ReturnType<typeof createPreviewAccess>;
