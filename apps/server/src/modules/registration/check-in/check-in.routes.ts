import {
  attendanceAnswerSchema,
  attendanceSchema,
  checkInLinkAnswerSchema,
  eventCheckInEntrancePath,
} from '@studio/domain';
import type { Caller } from '../../../platform/http/caller.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { guard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { AttendeeBaseUrl } from '../../../platform/attendee-origin.ts';
import type { CheckInAccess } from './check-in-access.ts';
import type { CheckInEvent, CheckInService } from './check-in.service.ts';

const tags = ['registration'];

export interface CheckInRoutesDeps {
  checkIn: CheckInService;
  access: CheckInAccess;
  attendeeBaseUrl: AttendeeBaseUrl;
  /** The event the caller may manage (404 otherwise: another organisation's, or none). */
  managedEvent: (caller: Caller, eventId: string) => Promise<CheckInEvent>;
}

/**
 * The studio's side of check-in: the attendance call (002 in-person attendance) and the desk's
 * short-lived link on the attendee origin (only the server knows it: EVENTS_PUBLIC_URL, custom domains).
 */
export function registerCheckInRoutes(app: HttpServer, deps: CheckInRoutesDeps): void {
  // 404 for an event the caller cannot manage, before the body is validated.
  const managesEvent = guard({ permission: 'event:update', load: deps.managedEvent });
  app.post(
    '/api/event/:id/attendance/',
    {
      preValidation: managesEvent.preValidation,
      schema: { tags, params: idParams, body: attendanceSchema, response: { 200: attendanceAnswerSchema } },
    },
    async (request) => {
      const { caller, object: event } = managesEvent.of(request);
      return deps.checkIn.attendance(event, request.body, caller.userId);
    },
  );

  app.post(
    '/api/event/:id/check_in_link/',
    {
      preValidation: managesEvent.preValidation,
      schema: { tags, params: idParams, response: { 200: checkInLinkAnswerSchema } },
    },
    async (request) => {
      const { caller, object: event } = managesEvent.of(request);
      const token = deps.access.linkToken({ eventId: event.id, userId: caller.userId });
      const base = await deps.attendeeBaseUrl(event.organizationId);
      return { url: `${base}${eventCheckInEntrancePath(event.id)}?token=${encodeURIComponent(token)}` };
    },
  );
}
