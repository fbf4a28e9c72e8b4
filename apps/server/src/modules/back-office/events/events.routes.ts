import {
  canRescheduleAnswerSchema,
  createEventRequestSchema,
  duplicateEventAnswerSchema,
  duplicateEventRequestSchema,
  eventGetQuerySchema,
  eventListItemSchema,
  eventDetailSchema,
  eventListQuerySchema,
  eventSchema,
  pageSchema,
  recordingListQuerySchema,
  recordingSchema,
  RECORDINGS_PAGE_SIZE,
  rescheduleAnswerSchema,
  rescheduleRequestSchema,
  sendCalendarInvitesAnswerSchema,
  sendCalendarInvitesRequestSchema,
  timezoneOptions,
  timezoneOptionSchema,
  updateEventRequestSchema,
  eventSummarySchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard, itemGuard } from '../../../platform/http/guard.ts';
import type { Permission } from '@studio/domain';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { EventActions } from './event-actions.ts';
import { PATCH_PERMISSIONS } from '../route-support.ts';
import { created, idParams, noContent } from '../../../platform/http/route-support.ts';
import type { EventSummaries } from './event-summary.ts';
import type { EventsService } from './events.service.ts';

const eventReaders = guard({ permission: 'event:read' });
const eventCreators = guard({ permission: 'event:create' });
const eventDeleters = guard({ permission: 'event:delete' });

const tags = ['events'];

/** Events, recordings and their actions (issue 4 paths, Django-REST style). */
export function registerEventsRoutes(
  app: HttpServer,
  { events, actions, summary }: { events: EventsService; actions: EventActions; summary: EventSummaries },
  publicUrl: string,
): void {
  const eventGuard = (permission: Permission | readonly Permission[]) => itemGuard(events, permission);
  const editable = eventGuard(PATCH_PERMISSIONS);
  const reschedulable = eventGuard('event:update');
  const duplicable = eventGuard('event:create');
  const invitable = eventGuard('event:update');
  const readable = eventGuard('event:read');
  app.get(
    '/api/event/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: eventListQuerySchema, response: { 200: pageSchema(eventListItemSchema) } },
    },
    async (request) => {
      const { count, estimated, results, page } = await events.list(
        eventReaders.of(request).caller,
        request.query,
        (size) => pageRequest(request.query, size),
      );
      return toPage(request.url, publicUrl, page, count, results, estimated);
    },
  );

  app.post(
    '/api/event/',
    {
      preValidation: eventCreators.preValidation,
      schema: { tags, body: createEventRequestSchema, response: { 201: eventSchema } },
    },
    created((request) => events.create(eventCreators.of(request).caller, request.body)),
  );

  /** Spec 001 §7 "Recordings": GET event recordings (offset, limit, title). */
  app.get(
    '/api/event/recordings/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: recordingListQuerySchema, response: { 200: pageSchema(recordingSchema) } },
    },
    async (request) => {
      const page = pageRequest(request.query, RECORDINGS_PAGE_SIZE);
      const { count, estimated, results } = await events.recordings(
        eventReaders.of(request).caller,
        request.query,
        page,
      );
      return toPage(request.url, publicUrl, page, count, results, estimated);
    },
  );

  /** Spec 001 §3 "Timezone option", §9: the named zones with their current GMT offset. */
  app.get(
    '/api/event/timezones/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, response: { 200: z.array(timezoneOptionSchema) } },
    },
    () => timezoneOptions(new Date()),
  );

  app.get(
    '/api/event/:id/',
    {
      preValidation: eventReaders.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: eventGetQuerySchema,
        response: { 200: eventDetailSchema },
      },
    },
    async (request) =>
      events.get(eventReaders.of(request).caller, request.params.id, request.query.get_metadata === true),
  );

  /** The event dashboard's figures in one answer: sessions, speakers, registrants, live inputs, emails, videos. */
  app.get(
    '/api/event/:id/summary/',
    {
      preValidation: readable.preValidation,
      schema: { tags, params: idParams, response: { 200: eventSummarySchema } },
    },
    async (request) => {
      const { caller, object } = readable.of(request);
      return summary.of(caller, object);
    },
  );

  app.patch(
    '/api/event/:id/',
    {
      preValidation: editable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateEventRequestSchema,
        response: { 200: eventDetailSchema },
      },
    },
    async (request) => events.update(editable.of(request), request.body),
  );

  app.delete(
    '/api/event/:id/',
    { preValidation: eventDeleters.preValidation, schema: { tags, params: idParams } },
    noContent((request) => events.delete(eventDeleters.of(request).caller, request.params.id)),
  );

  app.get(
    '/api/event/:id/can_reschedule/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, params: idParams, response: { 200: canRescheduleAnswerSchema } },
    },
    async (request) => actions.canReschedule(eventReaders.of(request).caller, request.params.id),
  );

  app.post(
    '/api/event/:id/reschedule/',
    {
      preValidation: reschedulable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: rescheduleRequestSchema,
        response: { 200: rescheduleAnswerSchema },
      },
    },
    async (request) => actions.reschedule(reschedulable.of(request), request.body),
  );

  app.post(
    '/api/event/:id/duplicate/',
    {
      preValidation: duplicable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: duplicateEventRequestSchema.optional(),
        response: { 202: duplicateEventAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await actions.duplicate(duplicable.of(request), request.body ?? {})),
  );

  app.post(
    '/api/event/:id/send_calendar_invites/',
    {
      preValidation: invitable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: sendCalendarInvitesRequestSchema.optional(),
        response: { 200: sendCalendarInvitesAnswerSchema },
      },
    },
    async (request) =>
      actions.sendCalendarInvites(
        invitable.of(request),
        request.body ?? { forced: false, only_attendees: false },
      ),
  );
}
