import {
  createRtmpInputSchema,
  rtmpInputListQuery,
  rtmpInputPageSchema,
  rtmpInputSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import { toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { created, idParams, noContent } from '../../platform/http/route-support.ts';
import type { LiveMedia } from './live-media.ts';
import type { LiveService } from './live.service.ts';

const eventReaders = guard({ permission: 'event:read' });
const eventEditors = guard({ permission: 'event:update' });

const tags = ['live'];
const fileParams = z.object({ id: z.uuid(), file: z.string() });
const guardQuery = z.object({ org_id: z.string().optional(), code: z.string().optional() });

/** Spec 002 §7.4: an event's RTMP inputs; and each channel's live HLS for the organisers' preview. */
export function registerLiveRoutes(
  app: HttpServer,
  deps: {
    live: LiveService;
    media: LiveMedia;
    publicUrl: string;
  },
): void {
  const { live } = deps;

  app.get(
    '/api/event/rtmp_inputs/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: rtmpInputListQuery, response: { 200: rtmpInputPageSchema } },
    },
    async (request) => {
      const page = { limit: request.query.limit, offset: request.query.offset };
      const { count, results } = await live.list(eventReaders.of(request).caller, request.query.event, page);
      return toPage(request.url, deps.publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/rtmp_inputs/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, body: createRtmpInputSchema, response: { 201: rtmpInputSchema } },
    },
    created((request) => live.create(eventEditors.of(request).caller, request.body)),
  );

  app.get(
    '/api/event/rtmp_inputs/:id/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, params: idParams, response: { 200: rtmpInputSchema } },
    },
    async (request) => live.get(eventReaders.of(request).caller, request.params.id),
  );

  app.post(
    '/api/event/rtmp_inputs/:id/start_test/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, params: idParams, response: { 200: rtmpInputSchema } },
    },
    async (request) => live.startTest(eventEditors.of(request).caller, request.params.id),
  );

  app.delete(
    '/api/event/rtmp_inputs/:id/',
    { preValidation: eventEditors.preValidation, schema: { tags, params: idParams } },
    noContent((request) => live.delete(eventEditors.of(request).caller, request.params.id)),
  );

  // The organisers' preview: players read it without a token, with the access code its URL carries
  // (attendees read the stage's channel through the event app, on the attendee origin).
  app.get(
    '/api/live/:id/:file',
    { schema: { tags, security: [], params: fileParams, querystring: guardQuery } },
    async (request, reply) =>
      deps.media.send(reply, request.params.id, request.params.file, { studio: true }, request.query),
  );
}
