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
  MY_EVENTS_PAGE_SIZE,
  myEventsSchema,
  pageQuerySchema,
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
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import type { EventRolesService } from './event-roles.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { eventEditors, eventReaders, signedIn } from '../../platform/http/access-rules.ts';

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
  const route = routesOf(app, tags, publicUrl);
  const { speakers, staff } = service;

  const person = guard({ permission: 'event:update', load: speakers.changeablePerson });

  const defaultRoleEditors = guard({ permission: 'event:update', load: speakers.changeableEvent });
  registerResourceRoutes(app, publicUrl, {
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

  route.post(
    '/api/event/event-roles/bulk/',
    eventEditors,
    { body: bulkEventRolesSchema, answer: bulkEventRolesAnswerSchema },
    ({ caller, body }) => speakers.bulk(caller, body),
  );

  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/staff/',
    tags,
    part: staffMemberSchema,
    list: {
      query: staffListQuerySchema,
      page: staffPageSchema,
      pageSize: STAFF_PAGE_SIZE,
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

  // Anyone signed in, with or without an organisation: the events they work at.
  route.list(
    '/api/core/user/me/events/',
    signedIn,
    { query: pageQuerySchema, answer: myEventsSchema, pageSize: MY_EVENTS_PAGE_SIZE },
    ({ caller, page }) => service.myEvents(caller.userId, page),
  );

  route.get(
    '/api/event/:id/default_speaker_role/',
    eventReaders,
    { params: idParams, answer: defaultSpeakerRoleSchema },
    ({ caller, params }) => speakers.defaultSpeakerRole(caller, params.id),
  );

  route.put(
    '/api/event/:id/default_speaker_role/',
    defaultRoleEditors,
    { params: idParams, body: updateDefaultSpeakerRoleSchema, answer: defaultSpeakerRoleSchema },
    ({ caller, params, body }) => speakers.setDefaultSpeakerRole(caller, params.id, body.role),
  );
}
