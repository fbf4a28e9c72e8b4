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
import { itemGuard } from '../../../platform/http/guard.ts';
import type { Permission } from '@studio/domain';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { EventActions } from './event-actions.ts';
import { eventReaders } from '../../../platform/http/access-rules.ts';
import { eventCreators, eventDeleters, PATCH_PERMISSIONS } from '../route-support.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { EventSummaries } from './event-summary.ts';
import type { EventsService } from './events.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['events'];

/** Events, recordings and their actions (issue 4 paths, Django-REST style). */
export function registerEventsRoutes(
  app: HttpServer,
  { events, actions, summary }: { events: EventsService; actions: EventActions; summary: EventSummaries },
  publicUrl: string,
): void {
  const route = routesOf(app, tags, publicUrl);
  const eventGuard = (permission: Permission | readonly Permission[]) => itemGuard(events, permission);
  const editable = eventGuard(PATCH_PERMISSIONS);
  const reschedulable = eventGuard('event:update');
  const duplicable = eventGuard('event:create');
  const invitable = eventGuard('event:update');
  const readable = eventGuard('event:read');
  route.get(
    '/api/event/',
    eventReaders,
    { query: eventListQuerySchema, answer: pageSchema(eventListItemSchema) },
    async ({ caller, query }, request) => {
      const { count, estimated, results, page } = await events.list(caller, query, (size) =>
        pageRequest(query, size),
      );
      return toPage(request.url, publicUrl, page, count, results, estimated);
    },
  );

  route.post(
    '/api/event/',
    eventCreators,
    { body: createEventRequestSchema, answer: eventSchema, status: 201 },
    ({ caller, body }) => events.create(caller, body),
  );

  /** Spec 001 §7 "Recordings": GET event recordings (offset, limit, title). */
  route.list(
    '/api/event/recordings/',
    eventReaders,
    { query: recordingListQuerySchema, answer: pageSchema(recordingSchema), pageSize: RECORDINGS_PAGE_SIZE },
    ({ caller, query, page }) => events.recordings(caller, query, page),
  );

  /** Spec 001 §3 "Timezone option", §9: the named zones with their current GMT offset. */
  route.get('/api/event/timezones/', eventReaders, { answer: z.array(timezoneOptionSchema) }, () =>
    timezoneOptions(new Date()),
  );

  route.get(
    '/api/event/:id/',
    eventReaders,
    { params: idParams, query: eventGetQuerySchema, answer: eventDetailSchema },
    ({ caller, params, query }) => events.get(caller, params.id, query.get_metadata === true),
  );

  /** The event dashboard's figures in one answer: sessions, speakers, registrants, live inputs, emails, videos. */
  route.get(
    '/api/event/:id/summary/',
    readable,
    { params: idParams, answer: eventSummarySchema },
    ({ caller, object }) => summary.of(caller, object),
  );

  route.patch(
    '/api/event/:id/',
    editable,
    { params: idParams, body: updateEventRequestSchema, answer: eventDetailSchema },
    (input) => events.update(input, input.body),
  );

  route.delete('/api/event/:id/', eventDeleters, { params: idParams, status: 204 }, ({ caller, params }) =>
    events.delete(caller, params.id),
  );

  route.get(
    '/api/event/:id/can_reschedule/',
    eventReaders,
    { params: idParams, answer: canRescheduleAnswerSchema },
    ({ caller, params }) => actions.canReschedule(caller, params.id),
  );

  route.post(
    '/api/event/:id/reschedule/',
    reschedulable,
    { params: idParams, body: rescheduleRequestSchema, answer: rescheduleAnswerSchema },
    (input) => actions.reschedule(input, input.body),
  );

  route.post(
    '/api/event/:id/duplicate/',
    duplicable,
    {
      params: idParams,
      body: duplicateEventRequestSchema.optional(),
      answer: duplicateEventAnswerSchema,
      status: 202,
    },
    (input) => actions.duplicate(input, input.body ?? {}),
  );

  route.post(
    '/api/event/:id/send_calendar_invites/',
    invitable,
    {
      params: idParams,
      body: sendCalendarInvitesRequestSchema.optional(),
      answer: sendCalendarInvitesAnswerSchema,
    },
    (input) => actions.sendCalendarInvites(input, input.body ?? { forced: false, only_attendees: false }),
  );
}
