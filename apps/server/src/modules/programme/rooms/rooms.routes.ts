import {
  createRoomSchema,
  eventObjectsQuerySchema,
  reorderSchema,
  ROOMS_PAGE_SIZE,
  roomPageSchema,
  roomSchema,
  updateRoomSchema,
} from '@studio/domain';
import type { HttpServer } from '../../../platform/http/server.ts';
import { guard } from '../../../platform/http/guard.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { RoomsService } from './rooms.service.ts';

/** Spec 001 §7 "Rooms": list, create, update, delete and reorder an event's rooms. */
export function registerRoomsRoutes(app: HttpServer, service: RoomsService, publicUrl: string): void {
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/rooms/',
    tags: ['rooms'],
    part: roomSchema,
    list: {
      query: eventObjectsQuerySchema,
      page: roomPageSchema,
      pageSize: ROOMS_PAGE_SIZE,
      answer: (caller, query, page) => service.list(caller, query.event, page),
    },
    create: { body: createRoomSchema, answer: (caller, body) => service.create(caller, body) },
    reorder: { body: reorderSchema, answer: (caller, body) => service.reorder(caller, body) },
    update: {
      body: updateRoomSchema,
      guard: guard({ permission: 'event:update', load: service.editableRoom }),
      answer: (loaded, body) => service.update(loaded, body),
    },
    delete: (caller, id) => service.delete(caller, id),
  });
}
