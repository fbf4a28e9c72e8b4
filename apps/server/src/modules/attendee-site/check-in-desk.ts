import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ATTENDEE_DATA_ID,
  ATTENDEE_ROOT_ID,
  attendanceSchema,
  checkInApiPath,
  checkInDayNotice,
  checkInMessages,
  checkInSearchQuerySchema,
  EVENT_ROLES,
  eventCheckInEntrancePath,
  eventCheckInPath,
} from '@studio/domain';
import { notAuthenticated } from '../../platform/http/errors.ts';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { CheckInAccess } from '../registration/check-in/check-in-access.ts';
import {
  checkInPushSchema,
  type CheckInEvent,
  type CheckInPush,
  type CheckInService,
} from '../registration/check-in/check-in.service.ts';
import type { Entrance, EntranceDeps } from './entrance.ts';
import { createEventStreams } from './event-streams.ts';
import { admittedRoute } from './admitted-route.ts';
import { page } from './layout.ts';
import { notFoundPage } from './registration-pages.ts';
import { sendHtml } from './send-html.ts';

/** The desk session an organiser's studio link leaves, on the check-in path only. */
export const CHECK_IN_ACCESS_COOKIE = 'check_in_access';
const DESK_ROLES: readonly number[] = [EVENT_ROLES.CHECK_IN_STAFF, EVENT_ROLES.ORGANIZER];

export interface CheckInDeskDeps {
  checkIn: CheckInService;
  access: CheckInAccess;
  eventById(
    eventId: string,
  ): Promise<
    (CheckInEvent & { title: string; start_time: Date; end_time: Date; timezone: string }) | undefined
  >;
  personInEvent: EntranceDeps['personInEvent'];
  /** Listens to every process's check-ins (the platform's pub/sub); answers the unsubscribe. */
  subscribe(listener: (push: CheckInPush) => void): () => void;
}

interface DeskContext {
  eventAccessCookie: string;
  entrance: Entrance;
  secure(organizationId: string): Promise<boolean>;
  /** The island's built script (absent without a web build). */
  script: string | undefined;
  clock: () => Date;
}

/**
 * The check-in manager (issue 16 §6) on the attendee origin, for the event's organisers and
 * check-in staff only: check-in staff come in with their magic link (its event cookie), organisers
 * with the studio's short-lived link (a desk cookie on this path; `selfCheckIn=true` on the link opens
 * the kiosk). The page is an island; its JSON
 * calls and live counts (server-sent events, fed by the pub/sub) are under the same path.
 */
export function registerCheckInDesk(app: FastifyInstance, deps: CheckInDeskDeps, context: DeskContext): void {
  /** The desk's person (their user id) when the request may use this event's desk. */
  async function deskUser(request: FastifyRequest, event: CheckInEvent): Promise<string | undefined> {
    const deskSession = request.cookies[CHECK_IN_ACCESS_COOKIE];
    const pass = deskSession ? deps.access.readSession(event.id, deskSession) : undefined;
    if (pass) return pass.userId;
    const eventAccess = request.cookies[context.eventAccessCookie];
    const admitted = eventAccess ? await context.entrance.admit(event.id, eventAccess) : undefined;
    if (!admitted) return undefined;
    const person = await deps.personInEvent(event.id, admitted.holder.userId);
    return person?.roles.some((entry) => DESK_ROLES.includes(entry.role))
      ? admitted.holder.userId
      : undefined;
  }

  /** The event and the desk's person, or an error answer (JSON). */
  async function deskOf(request: FastifyRequest<{ Params: { eventId: string } }>) {
    const event = await deps.eventById(request.params.eventId);
    const userId = event && (await deskUser(request, event));
    if (!event || !userId) throw notAuthenticated();
    return { event, userId };
  }

  const noAccess = (reply: FastifyReply) =>
    sendHtml(
      reply,
      401,
      page(
        checkInMessages.noAccessTitle,
        `<h1>${escapeHtml(checkInMessages.noAccessTitle)}</h1><p>${escapeHtml(checkInMessages.noAccess)}</p>` +
          `<p class="muted">${escapeHtml(checkInMessages.organiserWayIn)}</p>`,
      ),
    );

  app.get<{ Params: { eventId: string }; Querystring: Record<string, unknown> }>(
    eventCheckInEntrancePath(':eventId'),
    async (request, reply) => {
      const event = await deps.eventById(request.params.eventId);
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const pass = event && deps.access.readLink(event.id, token);
      if (!event || !pass) return noAccess(reply);
      return reply
        .setCookie(CHECK_IN_ACCESS_COOKIE, deps.access.sessionToken(pass), {
          path: eventCheckInPath(event.id),
          httpOnly: true,
          sameSite: 'lax',
          secure: await context.secure(event.organizationId),
        })
        .status(303)
        .header('cache-control', 'no-store')
        .header(
          'location',
          `${eventCheckInPath(event.id)}${request.query.selfCheckIn === 'true' ? '?selfCheckIn=true' : ''}`,
        )
        .send();
    },
  );

  app.get<{ Params: { eventId: string }; Querystring: Record<string, unknown> }>(
    eventCheckInPath(':eventId'),
    async (request, reply) => {
      const event = await deps.eventById(request.params.eventId);
      if (!event) return sendHtml(reply, 404, notFoundPage());
      if (!(await deskUser(request, event))) return noAccess(reply);
      const selfCheckIn = request.query.selfCheckIn === 'true';
      const data = {
        event: { id: event.id, title: event.title },
        selfCheckIn,
        counts: await deps.checkIn.counts(event.id),
      };
      const title = selfCheckIn ? checkInMessages.selfCheckInTitle : checkInMessages.title;
      // Checking people in on another day than the event's is most likely a mistake: the desk says so.
      const dayNotice = checkInDayNotice(event, context.clock());
      return sendHtml(
        reply,
        200,
        page(
          `${title} · ${event.title}`,
          `<h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(event.title)}</p>` +
            (dayNotice
              ? `<div class="alert warning" role="status"><p>${escapeHtml(dayNotice)}</p></div>`
              : '') +
            // The desk's script replaces the loading line once it has loaded.
            `<div id="${ATTENDEE_ROOT_ID}" data-page="check-in"><p role="status" class="muted">${escapeHtml(checkInMessages.loading)}</p></div><script type="application/json" id="${ATTENDEE_DATA_ID}">${JSON.stringify(
              data,
            ).replace(/</g, '\\u003c')}</script>`,
          { script: context.script },
        ),
      );
    },
  );

  const admit = (request: FastifyRequest) =>
    deskOf(request as FastifyRequest<{ Params: { eventId: string } }>);
  admittedRoute(
    app,
    { method: 'GET', url: checkInApiPath(':eventId', 'members'), admit, query: checkInSearchQuerySchema },
    async ({ person: { event }, query, reply }) =>
      reply
        .header('cache-control', 'no-store')
        .send(await deps.checkIn.search(event.id, query.search, query.offset)),
  );

  admittedRoute(
    app,
    { method: 'POST', url: checkInApiPath(':eventId', 'attendance'), admit, body: attendanceSchema },
    ({ person: { event, userId }, body }) => deps.checkIn.attendance(event, body, userId),
  );

  // Live counts: one pub/sub subscription for the process, fanned out to the open desks.
  const desks = createEventStreams(app);
  const unsubscribe = deps.subscribe((raw) => {
    const push = checkInPushSchema.safeParse(raw);
    if (!push.success) return;
    const { eventId, ...counts } = push.data;
    desks.send(eventId, counts);
  });
  app.addHook('preClose', (done) => {
    unsubscribe();
    done();
  });

  app.get<{ Params: { eventId: string } }>(checkInApiPath(':eventId', 'live'), async (request, reply) => {
    const { event } = await deskOf(request);
    desks.open(reply, event.id, await deps.checkIn.counts(event.id));
  });
}
