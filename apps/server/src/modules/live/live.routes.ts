import {
  createRtmpInputSchema,
  rtmpInputListQuery,
  rtmpInputPageSchema,
  rtmpInputSchema,
} from '@studio/domain';
import { z } from 'zod';
import { requireCaller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { ObjectNotFoundError, type ObjectStore } from '../../platform/storage/object-store.ts';
import { idParams, permitted } from '../../platform/http/route-support.ts';
import type { LiveChannels } from './live-channels.ts';
import type { LiveService } from './live.service.ts';

const tags = ['live'];
const segmentParams = z.object({ id: z.uuid(), segment: z.string().regex(/^\d{1,9}\.ts$/) });

/** Spec 002 §7.4: an event's RTMP inputs; and each channel's live HLS, open to players like media. */
export function registerLiveRoutes(
  app: HttpServer,
  deps: {
    live: LiveService;
    playlistOf: LiveChannels['playlist'];
    segmentKey: LiveChannels['segmentKey'];
    storage: ObjectStore;
    publicUrl: string;
  },
): void {
  const { live } = deps;

  app.get(
    '/api/event/rtmp_inputs/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, querystring: rtmpInputListQuery, response: { 200: rtmpInputPageSchema } },
    },
    async (request) => {
      const page = { limit: request.query.limit, offset: request.query.offset };
      const { count, results } = await live.list(requireCaller(request), request.query.event, page);
      return toPage(request.url, deps.publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/rtmp_inputs/',
    {
      preValidation: permitted('event:update'),
      schema: { tags, body: createRtmpInputSchema, response: { 201: rtmpInputSchema } },
    },
    async (request, reply) => reply.status(201).send(await live.create(requireCaller(request), request.body)),
  );

  app.get(
    '/api/event/rtmp_inputs/:id/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, params: idParams, response: { 200: rtmpInputSchema } },
    },
    async (request) => live.get(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/event/rtmp_inputs/:id/start_test/',
    {
      preValidation: permitted('event:update'),
      schema: { tags, params: idParams, response: { 200: rtmpInputSchema } },
    },
    async (request) => live.startTest(requireCaller(request), request.params.id),
  );

  app.delete(
    '/api/event/rtmp_inputs/:id/',
    { preValidation: permitted('event:update'), schema: { tags, params: idParams } },
    async (request, reply) => {
      await live.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Public like the library's media (`security: []`): players on the attendee origin and in the
  // studio read them without a token; the input's id is the secret. The playlist is rendered from
  // its segments on every request (players poll it).
  app.get(
    '/api/live/:id/index.m3u8',
    { schema: { tags, security: [], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const playlist = await deps.playlistOf(request.params.id);
      if (playlist === undefined) throw notFound();
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .send(playlist);
    },
  );

  app.get(
    '/api/live/:id/:segment',
    { schema: { tags, security: [], params: segmentParams } },
    async (request, reply) => {
      const key = await deps.segmentKey(request.params.id, Number.parseInt(request.params.segment, 10));
      if (!key) throw notFound();
      try {
        const object = await deps.storage.get(key);
        return reply
          .header('content-type', 'video/mp2t')
          .header('content-length', object.size)
          .header('cache-control', 'public, max-age=3600')
          .send(object.body);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw notFound();
        throw error;
      }
    },
  );
}
