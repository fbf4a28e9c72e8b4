import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  absoluteFileUrl,
  onDemandEmbedPath,
  eventLandingPath,
  eventOnDemandPath,
  eventRegisterPath,
  hubPagePath,
  videoPlayer,
  type PageKind,
  type PageOwnerType,
} from '@studio/domain';
import type { RenderedPage } from '../pages/pages.ts';
import type { AttendeeAssets } from './attendee-assets.ts';
import { page } from './layout.ts';
import { notFoundPage } from './registration-pages.ts';
import { sendHtml } from './send-html.ts';

/** What the built public pages read (the pages service; studio.ts wires it). */
export interface PublicPagesDeps {
  /** The owner's page, rendered; undefined when the owner is unknown or not public. */
  renderedPage(ownerType: PageOwnerType, id: string, kind: PageKind): Promise<RenderedPage | undefined>;
  /** Whether the event's organisation's plan embeds events on other sites (002 §6 `embeddedEvents`). */
  embedAllowed(eventId: string): Promise<boolean>;
  /** Where library videos and their thumbnails are served (the studio's origin). */
  studioOrigin: string;
}

/** The public pages whose blocks may play library videos (hls.js fetches the playlists). */
const PAGES_WITH_VIDEO = new Set([
  eventLandingPath(':eventId'),
  eventRegisterPath(':eventId'),
  eventOnDemandPath(':eventId'),
  onDemandEmbedPath(':eventId'),
  hubPagePath(':hubPageId'),
]);

/** The CSP directives a page widens to play the studio's media and show pictures from it or any https host. */
export function withStudioMedia(policy: string, studioOrigin: string): string {
  return policy
    .replace(/connect-src ([^;]*)/, `connect-src $1 ${studioOrigin}`)
    .replace(/media-src ([^;]*)/, `media-src $1 ${studioOrigin}`)
    .replace(/img-src ([^;]*)/, `img-src $1 ${studioOrigin} https:`);
}

/** The embed's one difference: any site may frame it (no X-Frame-Options, frame-ancestors *). */
function frameableByAnySite(reply: FastifyReply) {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
}

/**
 * Issue 17 §2: the built pages of the attendee origin besides registration — hub pages (their
 * events, each linking to its registration page), an event's on-demand page and its embeddable
 * player (4:2.3). Each has its title, description and social thumbnail in its HTML.
 */
export function registerPublicPages(
  app: FastifyInstance,
  deps: PublicPagesDeps,
  assets: AttendeeAssets,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!PAGES_WITH_VIDEO.has(request.routeOptions.url ?? '')) return payload;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', withStudioMedia(policy, deps.studioOrigin));
    return payload;
  });

  const head = (built: RenderedPage) => ({
    description: built.description,
    // Other sites read the social thumbnail: an upload's full address, on the studio's origin.
    image: built.image && absoluteFileUrl(built.image, deps.studioOrigin),
    script: assets.script,
  });

  app.get<{ Params: { hubPageId: string } }>(hubPagePath(':hubPageId'), async (request, reply) => {
    const built = await deps.renderedPage('hub_page', request.params.hubPageId, 'landing');
    if (!built) return sendHtml(reply, 404, notFoundPage('page'));
    return sendHtml(reply, 200, page(built.title, built.html, head(built)));
  });

  app.get<{ Params: { eventId: string } }>(eventOnDemandPath(':eventId'), async (request, reply) => {
    const built = await deps.renderedPage('event', request.params.eventId, 'on_demand');
    if (!built) return sendHtml(reply, 404, notFoundPage());
    return sendHtml(reply, 200, page(built.title, built.html, head(built)));
  });

  app.get<{ Params: { eventId: string } }>(onDemandEmbedPath(':eventId'), async (request, reply) => {
    const { eventId } = request.params;
    const built =
      (await deps.embedAllowed(eventId)) && (await deps.renderedPage('event', eventId, 'on_demand'));
    if (!built) return sendHtml(reply, 404, notFoundPage());
    frameableByAnySite(reply);
    // The player alone fills the frame at 4:2.3; the chapters stay on the on-demand page.
    const body = videoPlayer(built.player ? { ...built.player, chapters: [] } : undefined, built.title);
    return sendHtml(reply, 200, page(built.title, body, { ...head(built), bodyClass: 'embed' }));
  });
}
