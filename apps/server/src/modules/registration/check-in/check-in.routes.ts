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
import { routesOf } from '../../../platform/http/route-kit.ts';

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
  const route = routesOf(app, tags);
  // 404 for an event the caller cannot manage, before the body is validated.
  const managesEvent = guard({ permission: 'event:update', load: deps.managedEvent });
  route.post(
    '/api/event/:id/attendance/',
    managesEvent,
    { params: idParams, body: attendanceSchema, answer: attendanceAnswerSchema },
    ({ caller, object: event, body }) => deps.checkIn.attendance(event, body, caller.userId),
  );

  route.post(
    '/api/event/:id/check_in_link/',
    managesEvent,
    { params: idParams, answer: checkInLinkAnswerSchema },
    async (input) => {
      const { caller, object: event } = input;
      const token = deps.access.linkToken({ eventId: event.id, userId: caller.userId });
      const base = await deps.attendeeBaseUrl(event.organizationId);
      return { url: `${base}${eventCheckInEntrancePath(event.id)}?token=${encodeURIComponent(token)}` };
    },
  );
}
