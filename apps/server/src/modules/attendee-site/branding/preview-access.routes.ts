import type { FastifyRequest } from 'fastify';
import { brandingPreviewAccessSchema } from '@studio/domain';
import { guard } from '../../../platform/http/guard.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { AttendeeBaseUrl } from '../../../platform/attendee-origin.ts';
import type { PreviewAccess } from './preview-access.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const brandingEditors = guard({ permission: 'branding:update' });

export interface PreviewAccessDeps {
  access: PreviewAccess;
  /** The studio's configured origin (PUBLIC_URL): the preview's framer when the request names none. */
  studioOrigin: string;
  attendeeBaseUrl: AttendeeBaseUrl;
  /** The event the caller may see (404 otherwise: another organisation's, or none). */
  visibleEvent(caller: Caller, eventId: string): Promise<{ id: string; organizationId: string }>;
  /** The template the caller may read (404 otherwise). */
  visibleTemplate(caller: Caller, templateId: string): Promise<{ id: string; organizationId: string }>;
}

/**
 * The origin the studio was reached at: the request's Origin when it names the host the request
 * came to (`request.host`, X-Forwarded-Host behind a trusted proxy) over http(s); else PUBLIC_URL's.
 */
function studioOriginOf(request: FastifyRequest, configured: string): string {
  const claimed = request.headers.origin;
  if (!claimed) return configured;
  try {
    const url = new URL(claimed);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && url.origin === claimed && url.host === request.host ? url.origin : configured;
  } catch {
    return configured;
  }
}

/**
 * 002 §2.1 "Live preview": the branding editor's way into the attendee origin's preview pages of
 * an event or a template — its origin and a short-lived token — for those who may change branding.
 */
export function registerPreviewAccessRoutes(app: HttpServer, deps: PreviewAccessDeps): void {
  const route = routesOf(app, ['branding']);
  const routes = [
    {
      kind: 'event',
      path: '/api/event/:id/branding_preview/',
      visible: (caller: Caller, id: string) => deps.visibleEvent(caller, id),
    },
    {
      kind: 'template',
      path: '/api/event/studio-templates/:id/branding_preview/',
      visible: (caller: Caller, id: string) => deps.visibleTemplate(caller, id),
    },
  ] as const;
  for (const { kind, path, visible } of routes)
    route.post(
      path,
      brandingEditors,
      { params: idParams, answer: brandingPreviewAccessSchema },
      async ({ caller, params }, request) => {
        const subject = await visible(caller, params.id);
        const { token, expiresAt } = deps.access.tokenFor(subject.id, kind, {
          studioOrigin: studioOriginOf(request, deps.studioOrigin),
        });
        return {
          origin: new URL(await deps.attendeeBaseUrl(subject.organizationId)).origin,
          token,
          expires_at: expiresAt.toISOString(),
        };
      },
    );
}
