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
import { guard } from '../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import { noContent } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { MediaServer } from '../video-library/media.routes.ts';
import { sharedClipMediaPrefix, type ClipsService } from './clips.service.ts';

const tags = ['content lab'];
const idParams = z.object({ id: z.string() });
const CLIPS_PAGE_SIZE = 50;

/** Route hooks: 401 anonymous, 403 without the permission — before the request is validated. */
const reads = guard({ permission: 'video:read' });
const writes = guard({ permission: 'video:update' });

/** Content Lab's clip calls (issue 37 §3; paths of our design under the spec's `/content_lab/` prefix). */
export function registerClipsRoutes(
  app: HttpServer,
  clips: ClipsService,
  publicUrl: string,
  media: MediaServer,
): void {
  app.get(
    '/api/content_lab/clips/',
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: clipListQuerySchema, response: { 200: pageSchema(clipSchema) } },
    },
    async (request) => {
      const page = pageRequest(request.query, CLIPS_PAGE_SIZE);
      const { count, results } = await clips.list(reads.of(request).caller, request.query.video_asset, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/content_lab/clips/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createClipRequestSchema, response: { 201: clipSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await clips.create(writes.of(request).caller, request.body)),
  );

  app.get(
    '/api/content_lab/clips/:id/',
    { preValidation: reads.preValidation, schema: { tags, params: idParams, response: { 200: clipSchema } } },
    async (request) => clips.get(reads.of(request).caller, request.params.id),
  );

  app.patch(
    '/api/content_lab/clips/:id/',
    {
      preValidation: writes.preValidation,
      schema: { tags, params: idParams, body: updateClipRequestSchema, response: { 200: clipSchema } },
    },
    async (request) => clips.update(writes.of(request).caller, request.params.id, request.body),
  );

  app.post(
    '/api/content_lab/clips/:id/publish/',
    {
      preValidation: writes.preValidation,
      schema: { tags, params: idParams, response: { 200: clipSchema } },
    },
    async (request) => clips.publish(writes.of(request).caller, request.params.id),
  );

  app.delete(
    '/api/content_lab/clips/:id/',
    { preValidation: writes.preValidation, schema: { tags, params: idParams } },
    noContent((request) => clips.delete(writes.of(request).caller, request.params.id)),
  );

  // Saved searches (issue 37 §3; the web opens one at `/content/search/{savedSearchId}/clips`).
  app.get(
    '/api/content_lab/clip_search/',
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: clipSearchQuerySchema, response: { 200: pageSchema(clipSchema) } },
    },
    async (request) => {
      const page = pageRequest(request.query, CLIPS_PAGE_SIZE);
      const { query, video_asset, vertical, shared } = request.query;
      const filters = {
        ...(video_asset ? { video_asset } : {}),
        ...(vertical !== undefined ? { vertical } : {}),
        ...(shared !== undefined ? { shared } : {}),
      };
      const { count, results } = await clips.search(reads.of(request).caller, { query, filters }, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.get(
    '/api/content_lab/saved_searches/',
    { preValidation: reads.preValidation, schema: { tags, response: { 200: z.array(savedSearchSchema) } } },
    async (request) => clips.savedSearches(reads.of(request).caller),
  );

  app.post(
    '/api/content_lab/saved_searches/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createSavedSearchRequestSchema, response: { 201: savedSearchSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await clips.createSavedSearch(writes.of(request).caller, request.body)),
  );

  app.get(
    '/api/content_lab/saved_searches/:id/',
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: savedSearchSchema } },
    },
    async (request) => clips.savedSearch(reads.of(request).caller, request.params.id),
  );

  app.patch(
    '/api/content_lab/saved_searches/:id/',
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateSavedSearchRequestSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) => clips.updateSavedSearch(writes.of(request).caller, request.params.id, request.body),
  );

  app.delete(
    '/api/content_lab/saved_searches/:id/',
    { preValidation: writes.preValidation, schema: { tags, params: idParams } },
    noContent((request) => clips.deleteSavedSearch(writes.of(request).caller, request.params.id)),
  );

  app.get(
    '/api/content_lab/saved_searches/:id/clips/',
    {
      preValidation: reads.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(clipSchema) },
      },
    },
    async (request) => {
      const { caller } = reads.of(request);
      const page = pageRequest(request.query, CLIPS_PAGE_SIZE);
      const search = await clips.savedSearchCriteria(caller, request.params.id);
      const { count, results } = await clips.search(caller, search, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.get(
    '/api/content_lab/edit_link/',
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: editLinkQuerySchema, response: { 200: editLinkSchema } },
    },
    async (request) =>
      clips.editLink(
        reads.of(request).caller,
        request.query.video_library_id ?? request.query.video_asset ?? '',
      ),
  );

  // Public (`security: []`): the studio origin's shared address forwards to the attendee origin's page.
  app.get(
    '/api/content_lab/shared_clips/:id/',
    { schema: { tags, security: [], params: idParams, response: { 200: sharedLinkSchema } } },
    async (request) => {
      const clip = await clips.sharedClip(request.params.id);
      if (!clip) throw notFound();
      return { share_url: clip.share_url };
    },
  );

  // Public: a shared clip's media, checked against its sharing on every request (turning sharing off
  // closes the addresses already handed out; they never name the library video).
  app.get(
    `${sharedClipMediaPrefix(':clipId')}*`,
    { schema: { tags, security: [], params: z.object({ clipId: z.string(), '*': z.string() }) } },
    async (request, reply) => {
      const videoId = await clips.sharedVideoOf(request.params.clipId);
      if (!videoId) throw notFound();
      return media.serve(
        { query: {}, headers: request.headers },
        reply,
        videoId,
        request.params['*'],
        'shared',
      );
    },
  );
}
