import {
  attendanceAnswerSchema,
  attendanceSchema,
  attendeeLinksSchema,
  checkInLinkAnswerSchema,
  eventCheckInEntrancePath,
  eventCheckInPath,
  eventLandingPath,
  eventOnDemandPath,
  eventRegisterPath,
  onDemandEmbedPath,
  selfCheckInUrl,
  seriesAttendeeLinksSchema,
  seriesRegisterPath,
} from '@studio/domain';
import { requireCaller, type Caller } from '../../../platform/http/caller.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams, permitted } from '../../back-office/route-support.ts';
import type { AttendeeBaseUrl } from '../../attendee-site/attendee-origin.ts';
import type { CheckInAccess } from './check-in-access.ts';
import type { CheckInEvent, CheckInService } from './check-in.service.ts';

const tags = ['registration'];

export interface CheckInRoutesDeps {
  checkIn: CheckInService;
  access: CheckInAccess;
  attendeeBaseUrl: AttendeeBaseUrl;
  /** The event the caller may manage (404 otherwise: another organisation's, or none). */
  managedEvent(caller: Caller, eventId: string): Promise<CheckInEvent>;
  /** The event the caller may see (404 otherwise). */
  visibleEvent(caller: Caller, eventId: string): Promise<CheckInEvent>;
  /** The series or repeating event the caller may see (404 otherwise). */
  visibleSeries(caller: Caller, seriesId: string): Promise<{ id: string; organizationId: string }>;
}

/**
 * The studio's side of check-in and of the attendee origin: the attendance call (002 in-person
 * attendance), the desk link, and the event's public pages' addresses (only the server knows the
 * attendee origin: EVENTS_PUBLIC_URL, later custom domains).
 */
export function registerCheckInRoutes(app: HttpServer, deps: CheckInRoutesDeps): void {
  // 404 for an event the caller cannot manage, before the body is validated.
  const managesEvent = permitted('event:update', (caller, id) =>
    deps.managedEvent(caller, id).then(
      () => true,
      () => false,
    ),
  );
  app.post(
    '/api/event/:id/attendance/',
    {
      preValidation: managesEvent,
      schema: { tags, params: idParams, body: attendanceSchema, response: { 200: attendanceAnswerSchema } },
    },
    async (request) => {
      const caller = requireCaller(request);
      const event = await deps.managedEvent(caller, request.params.id);
      return deps.checkIn.attendance(event, request.body, caller.userId);
    },
  );

  app.post(
    '/api/event/:id/check_in_link/',
    {
      preValidation: managesEvent,
      schema: { tags, params: idParams, response: { 200: checkInLinkAnswerSchema } },
    },
    async (request) => {
      const caller = requireCaller(request);
      const event = await deps.managedEvent(caller, request.params.id);
      const token = deps.access.linkToken({ eventId: event.id, userId: caller.userId });
      const base = await deps.attendeeBaseUrl(event.organizationId);
      return { url: `${base}${eventCheckInEntrancePath(event.id)}?token=${encodeURIComponent(token)}` };
    },
  );

  // 002 §2 public link helpers: every public page of the event, on its organisation's attendee origin.
  app.get(
    '/api/event/:id/attendee_links/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, params: idParams, response: { 200: attendeeLinksSchema } },
    },
    async (request) => {
      const event = await deps.visibleEvent(requireCaller(request), request.params.id);
      const base = await deps.attendeeBaseUrl(event.organizationId);
      const checkIn = `${base}${eventCheckInPath(event.id)}`;
      return {
        landing: `${base}${eventLandingPath(event.id)}`,
        register: `${base}${eventRegisterPath(event.id)}`,
        on_demand: `${base}${eventOnDemandPath(event.id)}`,
        embed: `${base}${onDemandEmbedPath(event.id)}`,
        check_in: checkIn,
        self_check_in: selfCheckInUrl(checkIn),
      };
    },
  );

  app.get(
    '/api/event/series/:id/attendee_links/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, params: idParams, response: { 200: seriesAttendeeLinksSchema } },
    },
    async (request) => {
      const series = await deps.visibleSeries(requireCaller(request), request.params.id);
      const base = await deps.attendeeBaseUrl(series.organizationId);
      return { register: `${base}${seriesRegisterPath(series.id)}` };
    },
  );
}
