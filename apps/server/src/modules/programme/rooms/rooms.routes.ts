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

/**
 * Spec 001 §7 "Rooms": list, create, update, delete and reorder an event's own rooms. A booth's
 * discussion rooms are changed on their booth (`discussion_group_objects`): here a change or delete
 * of one is 409 and a reorder naming one 400.
 */
export function registerRoomsRoutes(app: HttpServer, service: RoomsService, publicUrl: string): void {
  const editable = guard({ permission: 'event:update', load: service.editableRoom });
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
      guard: editable,
      answer: (loaded, body) => service.update(loaded, body),
    },
    delete: { guard: editable, answer: (loaded) => service.delete(loaded) },
  });
}
