import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  eventAppApiPath,
  eventAppMessages,
  eventAppPath,
  eventAppPeopleQuerySchema,
  eventAppProfileSchema,
  mandatoryProfileSchema,
  STAGE_UPDATED,
  stageQuerySchema,
  techCheckSchema,
  BROADCAST_UPDATED,
  EVENT_UPDATED,
  type StagePush,
} from '@studio/domain';
import { HttpError, notAuthenticated } from '../../../platform/http/errors.ts';
import type { Entrance, EntranceEvent } from '../entrance.ts';
import { invalidLinkPage, linkNeededPage } from '../entrance-page.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import { createEventStreams } from '../event-streams.ts';
import {
  createEventAppExtension,
  parsed,
  type AdmittedPerson,
  type EventAppExtension,
} from './event-app-extension.ts';
import { sendHtml } from '../send-html.ts';
import { eventAppPage, notOpenPage, type NotOpenLinks } from './event-app-page.ts';
import type { Admission } from './admission.ts';
import type { EventAppService } from './event-app.service.ts';
import type { LiveMedia, LiveMediaQuery } from '../../live/live-media.ts';

export interface EventAppRouteDeps {
  eventApp: EventAppService;
  /** Every process's stage changes (the stage module), each track's; answers the unsubscribe. */
  subscribeStage(listener: (eventId: string, source: StagePush) => void): () => void;
  /** Every process's session changes of an event (`broadcast-updated`); answers the unsubscribe. */
  subscribeSessions(listener: (eventId: string) => void): () => void;
  /** Every process's changes of an event's title or times (`event-updated`); answers the unsubscribe. */
  subscribeEvent(listener: (eventId: string) => void): () => void;
  /** The studio's origin: the stage's HLS media is served there. */
  studioOrigin: string;
  /** The live channels' media: the stage's RTMP sessions play there, for admitted people only. */
  liveMedia: Pick<LiveMedia, 'send'>;
}

interface SiteContext {
  admission: Admission;
  entrance: Entrance;
  script: string | undefined;
  /** What the not-yet-open page links to: the event's page and its add-to-calendar links (a public event's). */
  notOpenLinks(eventId: string): Promise<NotOpenLinks | undefined>;
}

type EventRequest = FastifyRequest<{ Params: { eventId: string } }>;

/**
 * The event app (issue 17 §3) on the attendee origin: `/e/{id}/live` (the shell and its island)
 * and its JSON calls and push stream under `/e/{id}/api/`, all for a person admitted by the event's
 * cookie (not blocked, cancelled or rejected registrants), once the event is open.
 */
export function registerEventApp(
  app: FastifyInstance,
  deps: EventAppRouteDeps,
  context: SiteContext,
): EventAppExtension {
  const { eventApp } = deps;
  const { admission } = context;

  /** The admitted person and the open event, else the JSON refusal. */
  async function attendeeOf(request: EventRequest): Promise<AdmittedPerson> {
    const found = await admission.admitted(request, request.params.eventId);
    if (!found) throw notAuthenticated();
    if (!admission.isOpenTo(found)) throw new HttpError(403, 'EVENT_NOT_OPEN', eventAppMessages.notOpen);
    const { event, role, name, registrationStatus } = found;
    return { event, userId: found.holder.userId, role, name, registrationStatus };
  }

  /** The live page may load the stage's media and pictures from the studio's origin. */
  function allowStudioMedia(reply: FastifyReply) {
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    const origin = deps.studioOrigin;
    reply.header(
      'content-security-policy',
      policy
        .replace(/connect-src ([^;]*)/, `connect-src $1 ${origin}`)
        .replace(/media-src ([^;]*)/, `media-src $1 ${origin}`)
        .replace(/img-src ([^;]*)/, `img-src $1 ${origin} https:`),
    );
  }

  app.get<{ Params: { eventId: string }; Querystring: { left?: unknown } }>(
    eventAppPath(':eventId'),
    async (request, reply) => {
      const found = await admission.admitted(request, request.params.eventId);
      const view = found && (await context.entrance.view(found.event, found.holder));
      if (!found || !view)
        return sendHtml(
          reply,
          401,
          admission.bringsLink(request)
            ? invalidLinkPage()
            : linkNeededPage(request.params.eventId, request.query.left === '1'),
        );
      // A registered person's page, not a refusal (200, so it wears the event's branding): the JSON calls still answer 403.
      if (!admission.isOpenTo(found))
        return sendHtml(
          reply,
          200,
          notOpenPage(view, await context.notOpenLinks(found.event.id), context.script),
        );
      allowStudioMedia(reply);
      return sendHtml(reply, 200, eventAppPage(view, context.script));
    },
  );

  // The event's open push streams, and its JSON calls (these and other areas', through the extension).
  const streams = createEventStreams(app);
  const extension = createEventAppExtension(app, {
    admitted: (request) => attendeeOf(request as EventRequest),
    streams,
  });

  extension.call({ method: 'GET', name: 'me' }, async ({ event, userId }) => {
    const me = await eventApp.me(event.id, userId);
    if (!me) throw notAuthenticated();
    return me;
  });

  extension.call(
    { method: 'PATCH', name: 'me', body: eventAppProfileSchema },
    async ({ event, userId }, { body }) => {
      // With onboarding on, the profile's mandatory fields too.
      const { show_onboarding } = await eventApp.settingsOf(event.id);
      await eventApp.saveProfile(
        event.id,
        userId,
        show_onboarding ? parsed(mandatoryProfileSchema, body) : body,
      );
      return eventApp.me(event.id, userId);
    },
  );

  extension.call(
    { method: 'POST', name: 'tech-check', body: techCheckSchema },
    async ({ event, userId }, { body }) => {
      await eventApp.saveTechCheck(event.id, userId, body);
      return eventApp.me(event.id, userId);
    },
  );

  const reads = {
    event: (event: EntranceEvent) => eventApp.event(event),
    agenda: (event: EntranceEvent) => eventApp.agenda(event.id),
    speakers: (event: EntranceEvent) => eventApp.speakers(event.id),
    booths: (event: EntranceEvent) => eventApp.booths(event.id),
    rooms: (event: EntranceEvent) => eventApp.rooms(event.id),
    'on-demand': (event: EntranceEvent) => eventApp.onDemand(event.id),
  };
  for (const [name, read] of Object.entries(reads))
    extension.call({ method: 'GET', name }, ({ event }) => read(event));

  // A track's stage (`?track=`; the main track's by default), with the tracks attendees may choose.
  extension.call({ method: 'GET', name: 'stage', query: stageQuerySchema }, ({ event }, { query }) =>
    eventApp.stage(event.id, query.track),
  );

  extension.call(
    { method: 'GET', name: 'people', query: eventAppPeopleQuerySchema },
    async ({ event }, { query }) => {
      const people = await eventApp.people(event.id, query);
      if (!people) throw new HttpError(404, 'NOT_FOUND', eventAppMessages.tabHidden);
      return people;
    },
  );

  extension.call({ method: 'POST', name: 'demo-request' }, async ({ event, userId }) => {
    if (!(await eventApp.requestDemo(event.id, userId)))
      throw new HttpError(404, 'NOT_FOUND', eventAppMessages.demoRequestOff);
    return undefined;
  });

  // The stage's live channels: an admitted person's cookie, and the access code when the guard is on.
  app.get<{ Params: { eventId: string; inputId: string; file: string }; Querystring: LiveMediaQuery }>(
    eventAppApiPath(':eventId', 'live/:inputId/:file'),
    async (request, reply) => {
      const { event } = await attendeeOf(request);
      return deps.liveMedia.send(
        reply,
        request.params.inputId,
        request.params.file,
        { eventId: event.id },
        {
          org_id: request.query.org_id,
          code: request.query.code,
        },
      );
    },
  );

  // The push stream: one subscription per process, fanned out to the event's open streams.
  const unsubscribe = [
    deps.subscribeStage((eventId, source) => streams.send(eventId, source, STAGE_UPDATED)),
    deps.subscribeSessions((eventId) => streams.send(eventId, {}, BROADCAST_UPDATED)),
    deps.subscribeEvent((eventId) => streams.send(eventId, {}, EVENT_UPDATED)),
  ];
  app.addHook('onClose', (_app, done) => {
    for (const stop of unsubscribe) stop();
    done();
  });

  app.get<{ Params: { eventId: string }; Querystring: { session_id?: unknown } }>(
    eventAppApiPath(':eventId', 'push'),
    async (request, reply) => {
      const { event, userId, role } = await attendeeOf(request);
      const session = request.query.session_id;
      const sessionId = typeof session === 'string' && isUuid(session) ? session : null;
      streams.open(reply, event.id, undefined, { userId, role, sessionId });
    },
  );

  return extension;
}
