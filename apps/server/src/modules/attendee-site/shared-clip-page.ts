import type { FastifyInstance } from 'fastify';
import { clipMessages, sharedClipPath, videoPlayer, type Clip } from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { AttendeeAssets } from './attendee-assets.ts';
import { page } from './layout.ts';
import { withStudioMedia } from './public-pages.ts';
import { notFoundPage } from './registration-pages.ts';
import { sendHtml } from './send-html.ts';

export interface SharedClipPageDeps {
  /** The clip while it is shared; undefined when unknown or no longer shared. */
  sharedClip(clipId: string): Promise<Clip | undefined>;
  /** Where library videos are served (the studio's origin). */
  studioOrigin: string;
}

/**
 * Issue 37 §5: `/shared/clip/{clipId}` — a public page playing a shared clip, with its Open Graph
 * and Twitter card (title, thumbnail, the mp4) so a shared link previews well. Sharing stopped →
 * 404, like any unknown clip.
 */
export function registerSharedClipPage(
  app: FastifyInstance,
  deps: SharedClipPageDeps,
  assets: AttendeeAssets,
): void {
  app.get<{ Params: { clipId: string } }>(sharedClipPath(':clipId'), async (request, reply) => {
    const clip = await deps.sharedClip(request.params.clipId);
    if (!clip) return sendHtml(reply, 404, notFoundPage('clip'));
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', withStudioMedia(policy, deps.studioOrigin));
    const player = clip.hls_url
      ? videoPlayer({ hlsUrl: clip.hls_url, thumbnailUrl: clip.thumbnail_url }, clip.name)
      : `<p class="muted">${escapeHtml(clipMessages.stillProcessing)}</p>`;
    const body = `<h1>${escapeHtml(clip.name)}</h1>${player}`;
    return sendHtml(
      reply,
      200,
      page(clip.name, body, {
        description: `${clip.name} — ${Math.round(clip.duration)} s`,
        url: clip.share_url,
        image: clip.thumbnail_url,
        video: clip.mp4_url,
        script: assets.script,
      }),
    );
  });
}
