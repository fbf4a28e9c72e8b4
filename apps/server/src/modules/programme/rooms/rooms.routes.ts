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
import { guard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { RoomsService } from './rooms.service.ts';

const tags = ['rooms'];

/** Spec 001 §7 "Rooms": list, create, update, delete and reorder an event's rooms. */
export function registerRoomsRoutes(app: HttpServer, service: RoomsService, publicUrl: string): void {
  app.get(
    '/api/event/rooms/',
    {
      preValidation: guard({ permission: 'event:read' }).preValidation,
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
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, body: createRoomSchema, response: { 201: roomSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.post(
    '/api/event/rooms/reorder/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, body: reorderSchema, response: { 200: z.array(roomSchema) } },
    },
    async (request) => service.reorder(requireCaller(request), request.body),
  );

  const editable = guard({ permission: 'event:update', load: service.editableRoom });
  app.patch(
    '/api/event/rooms/:id/',
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: updateRoomSchema, response: { 200: roomSchema } },
    },
    async (request) => service.update(editable.of(request).object, request.body),
  );

  app.delete(
    '/api/event/rooms/:id/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, params: idParams },
    },
    async (request, reply) => {
      await service.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
