import { z } from 'zod';
import {
  clipListQuerySchema,
  clipSchema,
  clipSearchQuerySchema,
  createClipRequestSchema,
  createSavedSearchRequestSchema,
  savedSearchSchema,
  updateSavedSearchRequestSchema,
  editLinkQuerySchema,
  editLinkSchema,
  pageQuerySchema,
  pageSchema,
  sharedLinkSchema,
  updateClipRequestSchema,
} from '@studio/domain';
import { notFound } from '../../platform/http/errors.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { MediaServer } from '../video-library/media.routes.ts';
import type { ContentLabArea } from './content-lab-switch.ts';
import { sharedClipMediaPrefix, type ClipsService } from './clips.service.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

const tags = ['content lab'];
const CLIPS_PAGE_SIZE = 50;

/** Content Lab's clip calls (issue 37 §3; paths of our design under the spec's `/content_lab/` prefix). */
export function registerClipsRoutes(
  app: HttpServer,
  clips: ClipsService,
  publicUrl: string,
  media: MediaServer,
  contentLab: ContentLabArea,
): void {
  const route = routesOf(app, tags, publicUrl);
  registerResourceRoutes(app, publicUrl, {
    path: '/api/content_lab/clips/',
    tags,
    rights: contentLab.rights,
    area: contentLab.area,
    part: clipSchema,
    list: {
      query: clipListQuerySchema,
      page: pageSchema(clipSchema),
      pageSize: CLIPS_PAGE_SIZE,
      answer: (caller, query, page) => clips.list(caller, query.video_asset, page),
    },
    create: { body: createClipRequestSchema, answer: (caller, body) => clips.create(caller, body) },
    get: (caller, id) => clips.get(caller, id),
    change: { body: updateClipRequestSchema, answer: (caller, id, body) => clips.update(caller, id, body) },
    delete: (caller, id) => clips.delete(caller, id),
  });

  route.post(
    '/api/content_lab/clips/:id/publish/',
    contentLab.editors,
    { params: idParams, answer: clipSchema },
    ({ caller, params }) => clips.publish(caller, params.id),
  );

  // Saved searches (issue 37 §3; the web opens one at `/content/search/{savedSearchId}/clips`).
  route.list(
    '/api/content_lab/clip_search/',
    contentLab.readers,
    { query: clipSearchQuerySchema, answer: pageSchema(clipSchema), pageSize: CLIPS_PAGE_SIZE },
    (input) => {
      const { query, video_asset, vertical, shared } = input.query;
      const filters = {
        ...(video_asset ? { video_asset } : {}),
        ...(vertical !== undefined ? { vertical } : {}),
        ...(shared !== undefined ? { shared } : {}),
      };
      return clips.search(input.caller, { query, filters }, input.page);
    },
  );

  route.get(
    '/api/content_lab/saved_searches/',
    contentLab.readers,
    { answer: z.array(savedSearchSchema) },
    ({ caller }) => clips.savedSearches(caller),
  );

  registerResourceRoutes(app, publicUrl, {
    path: '/api/content_lab/saved_searches/',
    tags,
    rights: contentLab.rights,
    area: contentLab.area,
    part: savedSearchSchema,
    create: {
      body: createSavedSearchRequestSchema,
      answer: (caller, body) => clips.createSavedSearch(caller, body),
    },
    get: (caller, id) => clips.savedSearch(caller, id),
    change: {
      body: updateSavedSearchRequestSchema,
      answer: (caller, id, body) => clips.updateSavedSearch(caller, id, body),
    },
    delete: (caller, id) => clips.deleteSavedSearch(caller, id),
  });

  route.list(
    '/api/content_lab/saved_searches/:id/clips/',
    contentLab.readers,
    { params: idParams, query: pageQuerySchema, answer: pageSchema(clipSchema), pageSize: CLIPS_PAGE_SIZE },
    async ({ caller, params, page }) =>
      clips.search(caller, await clips.savedSearchCriteria(caller, params.id), page),
  );

  route.get(
    '/api/content_lab/edit_link/',
    contentLab.readers,
    { query: editLinkQuerySchema, answer: editLinkSchema },
    ({ caller, query }) => clips.editLink(caller, query.video_library_id ?? query.video_asset ?? ''),
  );

  const open = publicRoutesOf(app, tags);
  // Public: the studio origin's shared address forwards to the attendee origin's page.
  open.get(
    '/api/content_lab/shared_clips/:id/',
    { params: idParams, answer: sharedLinkSchema },
    async ({ params }) => {
      const clip = await clips.sharedClip(params.id);
      if (!clip) throw notFound();
      return { share_url: clip.share_url };
    },
  );

  // Public: a shared clip's media, checked against its sharing on every request (turning sharing off
  // closes the addresses already handed out; they never name the library video).
  open.get(
    `${sharedClipMediaPrefix(':clipId')}*`,
    { params: z.object({ clipId: z.string(), '*': z.string() }) },
    async ({ params }, request, reply) => {
      const videoId = await clips.sharedVideoOf(params.clipId);
      if (!videoId) throw notFound();
      return media.serve({ query: {}, headers: request.headers }, reply, videoId, params['*'], 'shared');
    },
  );
}
