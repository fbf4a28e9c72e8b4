import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ATTENDEE_DATA_ID,
  ATTENDEE_ROOT_ID,
  BRANDING_PREVIEW_PAGES,
  brandingPreviewPath,
  type BrandingPreviewPage,
  type BrandingPreviewPageData,
} from '@studio/domain';
import type { EntranceEvent } from '../entrance.ts';
import { invalidLinkPage } from '../entrance-page.ts';
import type { EventAppService } from '../event-app/event-app.service.ts';
import { page } from '../layout.ts';
import { notFoundPage } from '../registration-pages.ts';
import { sendHtml } from '../send-html.ts';
import type { PreviewAccess } from './preview-access.ts';

export interface BrandingPreviewDeps {
  access: PreviewAccess;
  /** The studio's origin: the only one that may frame the preview and post branding to it. */
  studioOrigin: string;
  eventById(eventId: string): Promise<EntranceEvent | undefined>;
  /** The event's landing page as the landing route renders it (title and body), else undefined. */
  landingPage(eventId: string): Promise<{ title: string; html: string } | undefined>;
  eventApp: EventAppService;
}

/** JSON safe inside a `<script type="application/json">`: no `<` can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Only the studio may frame the preview (never another site), and it shows pictures, fonts and
 * web fonts' stylesheets from the studio's files or any https host, as the pending branding may name them.
 */
function framedByStudio(reply: FastifyReply, studioOrigin: string) {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply.header(
    'content-security-policy',
    policy
      .replace(/frame-ancestors [^;]*/, `frame-ancestors ${studioOrigin}`)
      // Pending web fonts may come from any https host (saved ones are allowed by origin).
      .replace(/style-src ([^;]*)/, 'style-src $1 https:')
      .concat(`;font-src 'self' data: ${studioOrigin} https:`)
      .replace(/img-src ([^;]*)/, `img-src $1 ${studioOrigin} https:`)
      .replace(/media-src ([^;]*)/, `media-src $1 ${studioOrigin}`)
      .replace(/connect-src ([^;]*)/, `connect-src $1 ${studioOrigin}`),
  );
  reply.removeHeader('x-frame-options');
}

/**
 * 002 §2.1 "Live preview" on the attendee origin: an event's real pages — the landing page
 * (splash), the stage, the event tabs, onboarding and the tech check — for an organiser holding
 * the studio's preview token, framed by the studio only. The page's script applies the branding the
 * studio posts (pending changes, unsaved) without reloading; the event app's pages read the
 * event's programme from the page itself, and nothing they do is saved.
 */
export function registerBrandingPreview(
  app: FastifyInstance,
  deps: BrandingPreviewDeps,
  script: string | undefined,
): void {
  app.get<{ Params: { eventId: string; page: string }; Querystring: Record<string, unknown> }>(
    brandingPreviewPath(':eventId', ':page' as BrandingPreviewPage),
    async (request, reply) => {
      const { eventId } = request.params;
      const previewPage = BRANDING_PREVIEW_PAGES.find((name) => name === request.params.page);
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      if (!deps.access.opens(eventId, token)) return sendHtml(reply, 401, invalidLinkPage());
      const event = await deps.eventById(eventId);
      if (!event || !previewPage) return sendHtml(reply, 404, notFoundPage());
      framedByStudio(reply, deps.studioOrigin);
      const { eventApp } = deps;
      const [appEvent, agenda, speakers, booths, rooms, stage] = await Promise.all([
        eventApp.event(event),
        eventApp.agenda(eventId),
        eventApp.speakers(eventId),
        eventApp.booths(eventId),
        eventApp.rooms(eventId),
        eventApp.stage(eventId).then((source) => source ?? null),
      ]);
      const data: BrandingPreviewPageData = {
        eventId,
        studioOrigin: deps.studioOrigin,
        page: previewPage,
        programme: { event: appEvent, agenda, speakers, booths, rooms, stage },
      };
      const island =
        `<div id="${ATTENDEE_ROOT_ID}" data-page="branding-preview"></div>` +
        `<script type="application/json" id="${ATTENDEE_DATA_ID}">${scriptJson(data)}</script>`;
      if (previewPage !== 'splash')
        return sendHtml(reply, 200, page(event.title, island, { script, bodyClass: 'stage-page' }));
      const landing = await deps.landingPage(eventId);
      if (!landing) return sendHtml(reply, 404, notFoundPage());
      return sendHtml(reply, 200, page(landing.title, landing.html + island, { script }));
    },
  );
}
