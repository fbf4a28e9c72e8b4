import {
  createRoomSchema,
  eventObjectsQuerySchema,
  reorderSchema,
  ROOMS_PAGE_SIZE,
  roomPageSchema,
  roomSchema,
  updateRoomSchema,
} from '@studio/domain';
import { z } from 'zod';
import { requireCaller } from '../../../platform/http/caller.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams, permitted } from '../../../platform/http/route-support.ts';
import type { RoomsService } from './rooms.service.ts';

const tags = ['rooms'];

/** Spec 001 §7 "Rooms": list, create, update, delete and reorder an event's rooms. */
export function registerRoomsRoutes(app: HttpServer, service: RoomsService, publicUrl: string): void {
  app.get(
    '/api/event/rooms/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, querystring: eventObjectsQuerySchema, response: { 200: roomPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, ROOMS_PAGE_SIZE);
      const { count, results } = await service.list(requireCaller(request), request.query.event, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/rooms/',
    {
      preValidation: permitted('event:update'),
      schema: { tags, body: createRoomSchema, response: { 201: roomSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.post(
    '/api/event/rooms/reorder/',
    {
      preValidation: permitted('event:update'),
      schema: { tags, body: reorderSchema, response: { 200: z.array(roomSchema) } },
    },
    async (request) => service.reorder(requireCaller(request), request.body),
  );

  app.patch(
    '/api/event/rooms/:id/',
    {
      preValidation: permitted('event:update', (caller, id) => service.isVisible(caller, id)),
      schema: { tags, params: idParams, body: updateRoomSchema, response: { 200: roomSchema } },
    },
    async (request) => service.update(requireCaller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/event/rooms/:id/',
    { preValidation: permitted('event:update'), schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
