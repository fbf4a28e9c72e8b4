import {
  createRtmpInputSchema,
  rtmpInputListQuery,
  rtmpInputPageSchema,
  rtmpInputSchema,
} from '@studio/domain';
import { z } from 'zod';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { LiveMedia } from './live-media.ts';
import type { LiveService } from './live.service.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import { eventEditors } from '../../platform/http/access-rules.ts';

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
  const route = routesOf(app, tags);
  const { live } = deps;

  registerResourceRoutes(app, deps.publicUrl, {
    path: '/api/event/rtmp_inputs/',
    tags,
    part: rtmpInputSchema,
    list: {
      query: rtmpInputListQuery,
      page: rtmpInputPageSchema,
      // The query always says: its schema's default limit.
      pageSize: (query) => query.limit,
      answer: (caller, query, page) => live.list(caller, query.event, page),
    },
    create: { body: createRtmpInputSchema, answer: (caller, body) => live.create(caller, body) },
    get: (caller, id) => live.get(caller, id),
    delete: (caller, id) => live.delete(caller, id),
  });

  route.post(
    '/api/event/rtmp_inputs/:id/start_test/',
    eventEditors,
    { params: idParams, answer: rtmpInputSchema },
    ({ caller, params }) => live.startTest(caller, params.id),
  );

  // The organisers' preview: players read it without a token, with the access code its URL carries
  // (attendees read the stage's channel through the event app, on the attendee origin).
  publicRoutesOf(app, tags).get(
    '/api/live/:id/:file',
    { params: fileParams, query: guardQuery },
    ({ params, query }, _request, reply) =>
      deps.media.send(reply, params.id, params.file, { studio: true }, query),
  );
}
