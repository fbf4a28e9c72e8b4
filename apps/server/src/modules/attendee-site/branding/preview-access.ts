import { createHmac } from 'node:crypto';
import { sameSecret } from '../../../platform/secrets.ts';

/** What a preview shows: an event's pages, or a template's (its own landing page over its programme). */
export type PreviewSubjectKind = 'event' | 'template';

/** How long a preview token opens an event's preview pages (the studio asks for a new one before then). */
export const PREVIEW_TOKEN_TTL_SECONDS = 2 * 3600;

/** What a preview token grants: the studio origin that asked for it (the only one that may frame the preview). */
export interface PreviewGrant {
  studioOrigin: string;
}

/**
 * Preview tokens: the studio mints one for an organiser who may edit an event's branding; the
 * attendee origin, which reads no studio session, accepts it on that event's preview pages only,
 * until it expires. `<id>.<expires>.<studio origin>.<mac>`, nothing stored; the mac names the kind,
 * so an event's token never opens a template's preview, and covers the studio origin, which the
 * preview page lets frame it and talks to.
 */
export function createPreviewAccess(secretKey: string, now: () => number = Date.now) {
  const mac = (kind: PreviewSubjectKind, id: string, expires: string, origin: string) =>
    createHmac('sha256', secretKey)
      .update(`branding-preview:${kind}:${id}:${expires}:${origin}`)
      .digest('base64url');

  return {
    tokenFor(id: string, kind: PreviewSubjectKind, grant: PreviewGrant): { token: string; expiresAt: Date } {
      const expires = String(Math.floor(now() / 1000) + PREVIEW_TOKEN_TTL_SECONDS);
      const origin = Buffer.from(grant.studioOrigin).toString('base64url');
      return {
        token: `${id}.${expires}.${origin}.${mac(kind, id, expires, origin)}`,
        expiresAt: new Date(Number(expires) * 1000),
      };
    },
    /** What the token grants on this event's (or template's) preview now; undefined when it opens nothing. */
    opens(id: string, token: string, kind: PreviewSubjectKind): PreviewGrant | undefined {
      const [forId = '', expires = '', origin = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || forId !== id) return undefined;
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return undefined;
      if (!sameSecret(given, mac(kind, id, expires, origin))) return undefined;
      return { studioOrigin: Buffer.from(origin, 'base64url').toString() };
    },
  };
}

export type PreviewAccess = ReturnType<typeof createPreviewAccess>;
