import { brandingPreviewAccessSchema } from '@studio/domain';
import { requireCaller, type Caller } from '../../../platform/http/caller.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams, permitted } from '../../../platform/http/route-support.ts';
import type { AttendeeBaseUrl } from '../../../platform/attendee-origin.ts';
import type { PreviewAccess } from './preview-access.ts';

export interface PreviewAccessDeps {
  access: PreviewAccess;
  attendeeBaseUrl: AttendeeBaseUrl;
  /** The event the caller may see (404 otherwise: another organisation's, or none). */
  visibleEvent(caller: Caller, eventId: string): Promise<{ id: string; organizationId: string }>;
  /** The template the caller may read (404 otherwise). */
  visibleTemplate(caller: Caller, templateId: string): Promise<{ id: string; organizationId: string }>;
}

/**
 * 002 §2.1 "Live preview": the branding editor's way into the attendee origin's preview pages of
 * an event or a template — its origin and a short-lived token — for those who may change branding.
 */
export function registerPreviewAccessRoutes(app: HttpServer, deps: PreviewAccessDeps): void {
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
    app.post(
      path,
      {
        preValidation: permitted('branding:update'),
        schema: { tags: ['branding'], params: idParams, response: { 200: brandingPreviewAccessSchema } },
      },
      async (request) => {
        const subject = await visible(requireCaller(request), request.params.id);
        const { token, expiresAt } = deps.access.tokenFor(subject.id, kind);
        return {
          origin: new URL(await deps.attendeeBaseUrl(subject.organizationId)).origin,
          token,
          expires_at: expiresAt.toISOString(),
        };
      },
    );
}
