import {
  bulkEventRolesAnswerSchema,
  bulkEventRolesSchema,
  createEventRoleSchema,
  createStaffSchema,
  defaultSpeakerRoleSchema,
  EVENT_ROLES,
  eventRoleListQuerySchema,
  eventRolePageSchema,
  eventRoleSchema,
  reorderEventRolesSchema,
  SPEAKERS_PAGE_SIZE,
  STAFF_PAGE_SIZE,
  staffListQuerySchema,
  staffMemberSchema,
  staffPageSchema,
  updateDefaultSpeakerRoleSchema,
  updateEventRoleSchema,
  updateStaffSchema,
} from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import { registerEventPartRoutes } from '../back-office/event-part-routes.ts';
import type { EventRolesService } from './event-roles.service.ts';

const eventEditors = guard({ permission: 'event:update' });
const eventReaders = guard({ permission: 'event:read' });

const tags = ['event roles'];

/**
 * Speakers and check-in staff (`/api/event/event-roles/`), staff (`/api/event/staff/`) and the
 * default speaker role (issue 15 "API paths"). Reads need event:read, changes event:update, on an
 * event the caller sees; the static paths sit beside `/api/event/:id/` and the router prefers them.
 */
export function registerEventRolesRoutes(
  app: HttpServer,
  service: EventRolesService,
  publicUrl: string,
): void {
  const { speakers, staff } = service;

  const person = guard({ permission: 'event:update', load: speakers.changeablePerson });

  const defaultRoleEditors = guard({ permission: 'event:update', load: speakers.changeableEvent });
  registerEventPartRoutes(app, publicUrl, {
    path: '/api/event/event-roles/',
    tags,
    part: eventRoleSchema,
    list: {
      query: eventRoleListQuerySchema,
      page: eventRolePageSchema,
      pageSize: (query) => (query.role === EVENT_ROLES.CHECK_IN_STAFF ? STAFF_PAGE_SIZE : SPEAKERS_PAGE_SIZE),
      answer: (caller, query, page) => speakers.list(caller, query, page),
    },
    create: { body: createEventRoleSchema, answer: (caller, body) => speakers.create(caller, body) },
    reorder: { body: reorderEventRolesSchema, answer: (caller, body) => speakers.reorder(caller, body) },
    update: {
      body: updateEventRoleSchema,
      guard: person,
      answer: (loaded, body) => speakers.update({ object: loaded }, body),
    },
    delete: (caller, id) => speakers.delete(caller, id),
  });

  app.post(
    '/api/event/event-roles/bulk/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, body: bulkEventRolesSchema, response: { 200: bulkEventRolesAnswerSchema } },
    },
    async (request) => speakers.bulk(eventEditors.of(request).caller, request.body),
  );

  registerEventPartRoutes(app, publicUrl, {
    path: '/api/event/staff/',
    tags,
    part: staffMemberSchema,
    list: {
      query: staffListQuerySchema,
      page: staffPageSchema,
      pageSize: () => STAFF_PAGE_SIZE,
      answer: (caller, { event, ordering }, page) => staff.list(caller, event, ordering, page),
    },
    create: { body: createStaffSchema, answer: (caller, body) => staff.create(caller, body) },
    update: {
      body: updateStaffSchema,
      guard: guard({ permission: 'event:update', load: staff.changeableStaff }),
      answer: (loaded, body) => staff.update({ object: loaded }, body),
    },
    delete: (caller, id) => staff.delete(caller, id),
  });

  app.get(
    '/api/event/:id/default_speaker_role/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, params: idParams, response: { 200: defaultSpeakerRoleSchema } },
    },
    async (request) => speakers.defaultSpeakerRole(eventReaders.of(request).caller, request.params.id),
  );

  app.put(
    '/api/event/:id/default_speaker_role/',
    {
      preValidation: defaultRoleEditors.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateDefaultSpeakerRoleSchema,
        response: { 200: defaultSpeakerRoleSchema },
      },
    },
    async (request) =>
      speakers.setDefaultSpeakerRole(
        defaultRoleEditors.of(request).caller,
        request.params.id,
        request.body.role,
      ),
  );
}
