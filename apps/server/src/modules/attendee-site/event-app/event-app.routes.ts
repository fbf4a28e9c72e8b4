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

  const api = (name: string) => eventAppApiPath(':eventId', name);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get<{ Params: { eventId: string } }>(api('me'), async (request, reply) => {
    const { event, userId } = await attendeeOf(request);
    const me = await eventApp.me(event.id, userId);
    if (!me) throw notAuthenticated();
    return noStore(reply).send(me);
  });

  app.patch<{ Params: { eventId: string } }>(api('me'), async (request, reply) => {
    const { event, userId } = await attendeeOf(request);
    const { show_onboarding } = await eventApp.settingsOf(event.id);
    const profile = parsed(show_onboarding ? mandatoryProfileSchema : eventAppProfileSchema, request.body);
    await eventApp.saveProfile(event.id, userId, profile);
    return noStore(reply).send(await eventApp.me(event.id, userId));
  });

  app.post<{ Params: { eventId: string } }>(api('tech-check'), async (request, reply) => {
    const { event, userId } = await attendeeOf(request);
    await eventApp.saveTechCheck(event.id, userId, parsed(techCheckSchema, request.body));
    return noStore(reply).send(await eventApp.me(event.id, userId));
  });

  const reads = {
    event: (event: EntranceEvent) => eventApp.event(event),
    agenda: (event: EntranceEvent) => eventApp.agenda(event.id),
    speakers: (event: EntranceEvent) => eventApp.speakers(event.id),
    booths: (event: EntranceEvent) => eventApp.booths(event.id),
    rooms: (event: EntranceEvent) => eventApp.rooms(event.id),
    'on-demand': (event: EntranceEvent) => eventApp.onDemand(event.id),
  };
  for (const [name, read] of Object.entries(reads))
    app.get<{ Params: { eventId: string } }>(api(name), async (request, reply) => {
      const { event } = await attendeeOf(request);
      return noStore(reply).send(await read(event));
    });

  // A track's stage (`?track=`; the main track's by default), with the tracks attendees may choose.
  app.get<{ Params: { eventId: string } }>(api('stage'), async (request, reply) => {
    const { event } = await attendeeOf(request);
    const { track } = parsed(stageQuerySchema, request.query);
    return noStore(reply).send(await eventApp.stage(event.id, track));
  });

  app.get<{ Params: { eventId: string } }>(api('people'), async (request, reply) => {
    const { event } = await attendeeOf(request);
    const people = await eventApp.people(event.id, parsed(eventAppPeopleQuerySchema, request.query));
    if (!people) throw new HttpError(404, 'NOT_FOUND', eventAppMessages.tabHidden);
    return noStore(reply).send(people);
  });

  app.post<{ Params: { eventId: string } }>(api('demo-request'), async (request, reply) => {
    const { event, userId } = await attendeeOf(request);
    if (!(await eventApp.requestDemo(event.id, userId)))
      throw new HttpError(404, 'NOT_FOUND', eventAppMessages.demoRequestOff);
    return noStore(reply).code(204).send();
  });

  // The stage's live channels: an admitted person's cookie, and the access code when the guard is on.
  app.get<{ Params: { eventId: string; inputId: string; file: string }; Querystring: LiveMediaQuery }>(
    api('live/:inputId/:file'),
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
  const streams = createEventStreams(app);
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
    api('push'),
    async (request, reply) => {
      const { event, userId, role } = await attendeeOf(request);
      const session = request.query.session_id;
      const sessionId = typeof session === 'string' && isUuid(session) ? session : null;
      streams.open(reply, event.id, undefined, { userId, role, sessionId });
    },
  );

  return createEventAppExtension(app, {
    admitted: (request) => attendeeOf(request as EventRequest),
    streams,
  });
}
