import {
  agendaItemSchema,
  broadcastSchema,
  bulkTracksRequestSchema,
  createAgendaItemRequestSchema,
  createBroadcastRequestSchema,
  createTrackRequestSchema,
  pageQuerySchema,
  pageSchema,
  programmeEventQuerySchema,
  trackSchema,
  updateAgendaItemRequestSchema,
  updateBroadcastRequestSchema,
  updateTrackRequestSchema,
} from '@studio/domain';
import { z } from 'zod';
import { requireCaller } from '../../platform/http/caller.ts';
import { guard } from '../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { AgendaService } from './agenda.service.ts';

const tags = ['agenda'];
const idParams = z.object({ id: z.string().max(100) });
const listQuery = programmeEventQuerySchema.extend(pageQuerySchema.shape);
// 401 and 403 before the query or body is looked at; the service answers 404 for what the caller cannot see.
const reads = guard({ permission: 'event:read' }).preValidation;
const writes = guard({ permission: 'event:update' }).preValidation;
/** One event's programme is read whole: a page as large as the list allows. */
const WHOLE_PROGRAMME = 1000;

/** Spec 001 §7 "Agenda": sessions (broadcasts), tracks and agenda items of an event. */
export function registerAgendaRoutes(app: HttpServer, agenda: AgendaService, publicUrl: string): void {
  const page = <T>(
    request: { url: string; query: { limit?: number | undefined; offset?: number | undefined } },
    all: T[],
  ) => {
    const requested = pageRequest(request.query, WHOLE_PROGRAMME);
    return toPage(
      request.url,
      publicUrl,
      requested,
      all.length,
      all.slice(requested.offset, requested.offset + requested.limit),
    );
  };

  app.get(
    '/api/event/broadcasts/',
    {
      preValidation: reads,
      schema: { tags, querystring: listQuery, response: { 200: pageSchema(broadcastSchema) } },
    },
    async (request) => page(request, await agenda.broadcasts(requireCaller(request), request.query.event)),
  );
  app.post(
    '/api/event/broadcasts/',
    {
      preValidation: writes,
      schema: { tags, body: createBroadcastRequestSchema, response: { 201: broadcastSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await agenda.createBroadcast(requireCaller(request), request.body)),
  );
  app.get(
    '/api/event/broadcasts/:id/',
    { preValidation: reads, schema: { tags, params: idParams, response: { 200: broadcastSchema } } },
    async (request) => agenda.broadcast(requireCaller(request), request.params.id),
  );
  app.patch(
    '/api/event/broadcasts/:id/',
    {
      preValidation: writes,
      schema: {
        tags,
        params: idParams,
        body: updateBroadcastRequestSchema,
        response: { 200: broadcastSchema },
      },
    },
    async (request) => agenda.updateBroadcast(requireCaller(request), request.params.id, request.body),
  );
  app.delete(
    '/api/event/broadcasts/:id/',
    { preValidation: writes, schema: { tags, params: idParams } },
    async (request, reply) => {
      await agenda.deleteBroadcast(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/tracks/',
    {
      preValidation: reads,
      schema: { tags, querystring: listQuery, response: { 200: pageSchema(trackSchema) } },
    },
    async (request) => page(request, await agenda.tracks(requireCaller(request), request.query.event)),
  );
  app.post(
    '/api/event/tracks/',
    {
      preValidation: writes,
      schema: { tags, body: createTrackRequestSchema, response: { 201: trackSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await agenda.createTrack(requireCaller(request), request.body)),
  );
  app.put(
    '/api/event/tracks/bulk/',
    {
      preValidation: writes,
      schema: { tags, body: bulkTracksRequestSchema, response: { 200: z.array(trackSchema) } },
    },
    async (request) => agenda.bulkTracks(requireCaller(request), request.body),
  );
  app.patch(
    '/api/event/tracks/:id/',
    {
      preValidation: writes,
      schema: { tags, params: idParams, body: updateTrackRequestSchema, response: { 200: trackSchema } },
    },
    async (request) => agenda.updateTrack(requireCaller(request), request.params.id, request.body),
  );
  app.delete(
    '/api/event/tracks/:id/',
    { preValidation: writes, schema: { tags, params: idParams } },
    async (request, reply) => {
      await agenda.deleteTrack(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/agenda-item/',
    {
      preValidation: reads,
      schema: { tags, querystring: listQuery, response: { 200: pageSchema(agendaItemSchema) } },
    },
    async (request) => page(request, await agenda.items(requireCaller(request), request.query.event)),
  );
  app.post(
    '/api/event/agenda-item/',
    {
      preValidation: writes,
      schema: { tags, body: createAgendaItemRequestSchema, response: { 201: agendaItemSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await agenda.createItem(requireCaller(request), request.body)),
  );
  app.patch(
    '/api/event/agenda-item/:id/',
    {
      preValidation: writes,
      schema: {
        tags,
        params: idParams,
        body: updateAgendaItemRequestSchema,
        response: { 200: agendaItemSchema },
      },
    },
    async (request) => agenda.updateItem(requireCaller(request), request.params.id, request.body),
  );
  app.delete(
    '/api/event/agenda-item/:id/',
    { preValidation: writes, schema: { tags, params: idParams } },
    async (request, reply) => {
      await agenda.deleteItem(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
