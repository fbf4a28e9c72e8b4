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
import { z } from 'zod';
import { requireCaller } from '../../platform/http/caller.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { EventRolesService } from './event-roles.service.ts';

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

  app.get(
    '/api/event/event-roles/',
    {
      preValidation: guard({ permission: 'event:read' }).preValidation,
      schema: { tags, querystring: eventRoleListQuerySchema, response: { 200: eventRolePageSchema } },
    },
    async (request) => {
      const size = request.query.role === EVENT_ROLES.CHECK_IN_STAFF ? STAFF_PAGE_SIZE : SPEAKERS_PAGE_SIZE;
      const page = pageRequest(request.query, size);
      const { count, results } = await speakers.list(requireCaller(request), request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/event-roles/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, body: createEventRoleSchema, response: { 201: eventRoleSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await speakers.create(requireCaller(request), request.body)),
  );

  app.post(
    '/api/event/event-roles/reorder/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, body: reorderEventRolesSchema, response: { 200: z.array(eventRoleSchema) } },
    },
    async (request) => speakers.reorder(requireCaller(request), request.body),
  );

  app.post(
    '/api/event/event-roles/bulk/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, body: bulkEventRolesSchema, response: { 200: bulkEventRolesAnswerSchema } },
    },
    async (request) => speakers.bulk(requireCaller(request), request.body),
  );

  const person = guard({ permission: 'event:update', load: speakers.changeablePerson });
  const staffMember = guard({ permission: 'event:update', load: staff.changeableStaff });
  app.patch(
    '/api/event/event-roles/:id/',
    {
      preValidation: person.preValidation,
      schema: { tags, params: idParams, body: updateEventRoleSchema, response: { 200: eventRoleSchema } },
    },
    async (request) => speakers.update(person.of(request), request.body),
  );

  app.delete(
    '/api/event/event-roles/:id/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, params: idParams },
    },
    async (request, reply) => {
      await speakers.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/staff/',
    {
      preValidation: guard({ permission: 'event:read' }).preValidation,
      schema: { tags, querystring: staffListQuerySchema, response: { 200: staffPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, STAFF_PAGE_SIZE);
      const { event, ordering } = request.query;
      const { count, results } = await staff.list(requireCaller(request), event, ordering, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/staff/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, body: createStaffSchema, response: { 201: staffMemberSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await staff.create(requireCaller(request), request.body)),
  );

  app.patch(
    '/api/event/staff/:id/',
    {
      preValidation: staffMember.preValidation,
      schema: { tags, params: idParams, body: updateStaffSchema, response: { 200: staffMemberSchema } },
    },
    async (request) => staff.update(staffMember.of(request), request.body),
  );

  app.delete(
    '/api/event/staff/:id/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, params: idParams },
    },
    async (request, reply) => {
      await staff.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/:id/default_speaker_role/',
    {
      preValidation: guard({ permission: 'event:read' }).preValidation,
      schema: { tags, params: idParams, response: { 200: defaultSpeakerRoleSchema } },
    },
    async (request) => speakers.defaultSpeakerRole(requireCaller(request), request.params.id),
  );

  app.put(
    '/api/event/:id/default_speaker_role/',
    {
      preValidation: guard({ permission: 'event:update', load: speakers.changeableEvent }).preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateDefaultSpeakerRoleSchema,
        response: { 200: defaultSpeakerRoleSchema },
      },
    },
    async (request) =>
      speakers.setDefaultSpeakerRole(requireCaller(request), request.params.id, request.body.role),
  );
}
