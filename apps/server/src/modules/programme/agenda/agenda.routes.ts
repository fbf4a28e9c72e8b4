import {
  agendaItemPageSchema,
  agendaItemSchema,
  broadcastPageSchema,
  broadcastSchema,
  bulkTracksAnswerSchema,
  bulkTracksSchema,
  createAgendaItemSchema,
  createBroadcastSchema,
  createTrackSchema,
  programmeListQuerySchema,
  stageSourceSchema,
  trackPageSchema,
  trackSchema,
  updateAgendaItemSchema,
  updateBroadcastSchema,
  updateTrackSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard, type OrganizationCaller } from '../../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { Loaded, ProgrammePermission } from './agenda-access.ts';
import type { AgendaService } from './agenda.service.ts';
import type { BroadcastsService } from './broadcasts.service.ts';
import type { SimuliveTestService } from './simulive-test.service.ts';

const tags = ['agenda'];
/** Ids in paths are opaque strings; a malformed one is simply not found. */
const params = z.object({ id: z.string().max(100) });
const PAGE_SIZE = 100;
const reads = guard({ permission: 'event:read' });
const writes = guard({ permission: 'event:update' });

/** The path's object, loaded with its event and the caller's scope (404 when the caller cannot see it). */
const objectGuard = <T>(
  permission: ProgrammePermission,
  load: (
    member: OrganizationCaller,
    id: string,
    permission: ProgrammePermission,
  ) => Promise<Loaded<T> | undefined>,
) => guard({ permission, load: (member: OrganizationCaller, id: string) => load(member, id, permission) });

/** Spec 001 §7 "Agenda": sessions (broadcasts), tracks and agenda items of an event. */
export function registerAgendaRoutes(
  app: HttpServer,
  services: { broadcasts: BroadcastsService; agenda: AgendaService; simuliveTests: SimuliveTestService },
  publicUrl: string,
): void {
  const { broadcasts, agenda, simuliveTests } = services;

  app.get(
    '/api/event/broadcasts/',
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: programmeListQuerySchema, response: { 200: broadcastPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, PAGE_SIZE);
      const { count, results } = await broadcasts.list(reads.of(request).caller, request.query.event, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );
  app.post(
    '/api/event/broadcasts/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createBroadcastSchema, response: { 201: broadcastSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await broadcasts.create(writes.of(request).caller, request.body)),
  );
  const readBroadcast = objectGuard('event:read', broadcasts.load);
  app.get(
    '/api/event/broadcasts/:id/',
    {
      preValidation: readBroadcast.preValidation,
      schema: { tags, params, response: { 200: broadcastSchema } },
    },
    (request) => broadcasts.get(readBroadcast.of(request).object),
  );
  const editBroadcast = objectGuard('event:update', broadcasts.load);
  app.patch(
    '/api/event/broadcasts/:id/',
    {
      preValidation: editBroadcast.preValidation,
      schema: { tags, params, body: updateBroadcastSchema, response: { 200: broadcastSchema } },
    },
    async (request) => broadcasts.update(editBroadcast.of(request).object, request.body),
  );
  // Simulive test runs (001 §7, 002 §7.4): empty bodies, answered with the session.
  app.post(
    '/api/event/broadcasts/:id/test_simulive/',
    {
      preValidation: editBroadcast.preValidation,
      schema: { tags, params, response: { 200: broadcastSchema } },
    },
    async (request) => simuliveTests.start(editBroadcast.of(request).object),
  );
  app.post(
    '/api/event/broadcasts/:id/stop_simulive_test/',
    {
      preValidation: editBroadcast.preValidation,
      schema: { tags, params, response: { 200: broadcastSchema } },
    },
    async (request) => simuliveTests.stop(editBroadcast.of(request).object),
  );
  // The test channel's private preview: what it plays now, in the stage's shape (organisers only).
  app.get(
    '/api/event/broadcasts/:id/simulive_test_preview/',
    {
      preValidation: readBroadcast.preValidation,
      schema: { tags, params, response: { 200: stageSourceSchema } },
    },
    (request) => simuliveTests.preview(readBroadcast.of(request).object),
  );
  app.delete(
    '/api/event/broadcasts/:id/',
    { preValidation: editBroadcast.preValidation, schema: { tags, params } },
    async (request, reply) => {
      await broadcasts.delete(editBroadcast.of(request).object);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/tracks/',
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: programmeListQuerySchema, response: { 200: trackPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, PAGE_SIZE);
      const { count, results } = await agenda.listTracks(reads.of(request).caller, request.query.event, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );
  app.post(
    '/api/event/tracks/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createTrackSchema, response: { 201: trackSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await agenda.createTrack(writes.of(request).caller, request.body)),
  );
  app.put(
    '/api/event/tracks/bulk/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: bulkTracksSchema, response: { 200: bulkTracksAnswerSchema } },
    },
    async (request) => agenda.bulkTracks(writes.of(request).caller, request.body),
  );
  const editTrack = objectGuard('event:update', agenda.loadTrack);
  app.patch(
    '/api/event/tracks/:id/',
    {
      preValidation: editTrack.preValidation,
      schema: { tags, params, body: updateTrackSchema, response: { 200: trackSchema } },
    },
    async (request) => agenda.updateTrack(editTrack.of(request).object, request.body),
  );
  app.delete(
    '/api/event/tracks/:id/',
    { preValidation: editTrack.preValidation, schema: { tags, params } },
    async (request, reply) => {
      await agenda.deleteTrack(editTrack.of(request).object);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/agenda-item/',
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: programmeListQuerySchema, response: { 200: agendaItemPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, PAGE_SIZE);
      const { count, results } = await agenda.listItems(reads.of(request).caller, request.query.event, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );
  app.post(
    '/api/event/agenda-item/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createAgendaItemSchema, response: { 201: agendaItemSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await agenda.createItem(writes.of(request).caller, request.body)),
  );
  const editItem = objectGuard('event:update', agenda.loadItem);
  app.patch(
    '/api/event/agenda-item/:id/',
    {
      preValidation: editItem.preValidation,
      schema: { tags, params, body: updateAgendaItemSchema, response: { 200: agendaItemSchema } },
    },
    async (request) => agenda.updateItem(editItem.of(request).object, request.body),
  );
  app.delete(
    '/api/event/agenda-item/:id/',
    { preValidation: editItem.preValidation, schema: { tags, params } },
    async (request, reply) => {
      await agenda.deleteItem(editItem.of(request).object);
      return reply.status(204).send();
    },
  );
}
