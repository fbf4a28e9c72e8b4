import { fillBranding, fullName, isScheduled, leadingEventRole } from '@studio/domain';
import { createRateLimiter, type RateLimitRule } from '../../platform/http/rate-limit.ts';
import { writeBatches } from '../../platform/write-batches.ts';
import type { Studio } from '../../studio-area.ts';
import type { AttendeeSiteArea } from '../attendee-site/attendee-site.area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { Programme } from '../programme/programme.ts';
import { createChatBlocks } from './chat-blocks.ts';
import { createChatRepository } from './chat.repository.ts';
import { createChatService, type ChatService } from './chat.service.ts';
import {
  authorRoleOf,
  type EngagementDeps,
  type EngagementEvent,
  type EngagementParticipation,
  type ParticipationListener,
} from './engagement.ts';
import { registerEngagementAttendeeRoutes } from './engagement-attendee.routes.ts';
import { createEngagementPush, type EngagementPushes } from './engagement-push.ts';
import { registerEngagementStudioRoutes } from './engagement-studio.routes.ts';
import { createPollsRepository } from './polls.repository.ts';
import { createPollsService, type PollsService } from './polls.service.ts';
import { createPresenceRepository } from './presence.repository.ts';
import { createQnaRepository } from './qna.repository.ts';
import { createQnaService, type QnaService } from './qna.service.ts';

/** The per-attendee limits count in the database's shared counters, per rolling minute. */
const RATE_WINDOW_SECONDS = 60;

export type EngagementAreaPorts = Pick<AuthArea, 'users'> &
  Pick<OrganizationsArea, 'operatorFlags'> &
  Pick<EventRolesArea, 'eventRoles'> &
  Pick<AttendeeSiteArea, 'eventApp' | 'publicEvent'> & {
    backOffice: BackOffice;
    programme: Pick<Programme, 'agenda' | 'rooms' | 'booths' | 'surveysChanged'>;
  };

/**
 * Engagement (issue 34): chat, Q&A, polls and presence for the people of an event, on the event
 * app's extension point; moderation in the studio; changes pushed once and fanned out per node.
 */
export function engagementArea(studio: Studio, ports: EngagementAreaPorts) {
  const { app, platform, database } = studio;
  const { events } = ports.backOffice;
  const db = database.db;
  const chatRepository = createChatRepository(db);
  const qnaRepository = createQnaRepository(db);
  const pollsRepository = createPollsRepository(db);
  const presence = createPresenceRepository(db);

  const { eventOf, personInEvent, placeInEvent, isBoothRoom, sessionSpeakers } = engagementReadsOf(
    studio,
    ports,
  );

  const limiter = createRateLimiter(db, { windowSeconds: RATE_WINDOW_SECONDS });
  const pushes: { current?: EngagementPushes } = {};
  const deps: EngagementDeps = {
    eventOf,
    clock: studio.clock,
    personInEvent,
    // A burst's hits (a busy chat) are charged together, one statement per batch.
    rateLimitHit: writeBatches((hits: readonly RateLimitRule[]) => limiter.consumeEach(hits)),
    publish: (change) => pushes.current?.publish(change) ?? Promise.resolve(),
    placeInEvent,
    isBoothRoom,
    sessionSpeakers,
  };
  const blocks = createChatBlocks(chatRepository, platform.pubsub);
  const chat = createChatService({ ...deps, chat: chatRepository, blocks });
  const qna = createQnaService({ ...deps, qna: qnaRepository, chatBlocked: blocks.isBlocked });
  const polls = createPollsService({ ...deps, polls: pollsRepository });
  pushes.current = createEngagementPush({
    eventOf,
    personInEvent,
    sessionSpeakers,
    pubsub: platform.pubsub,
    realtime: platform.realtime,
    eventApp: ports.eventApp,
    chat: chatRepository,
    qna: qnaRepository,
    qnaService: qna,
    polls: pollsRepository,
    presence,
    log: app.log,
  });
  // A session's surveys changed: its attendees read their surveys again.
  ports.programme.surveysChanged.provide((event, sessionId) =>
    deps.publish({ eventId: event.id, organizationId: event.organizationId, kind: 'surveys', id: sessionId }),
  );
  // Before the attendee site ends its streams (the studio's onClose): they write no presence then.
  app.addHook('preClose', (done) => {
    pushes.current?.close();
    blocks.close();
    done();
  });

  const { told, listeners } = tellingParticipation(app.log, eventOf, { chat, qna, polls });
  registerEngagementAttendeeRoutes(ports.eventApp, { ...told, presence, eventOf });
  registerEngagementStudioRoutes(app, {
    publicUrl: studio.publicUrl,
    chat,
    qna,
    polls,
    visibleEvent: async (caller, eventId, permission) =>
      (await events.programmeEventOf(caller, eventId, permission)).event,
    userName: async (userId) => {
      const user = await ports.users.findById(userId);
      return user ? fullName(user) : '';
    },
  });
  return {
    engagement: {
      /** People present in the event now and per session (presence rows, fresh within their TTL). */
      presenceOf: (eventId: string) => presence.counts(eventId),
      /** Listens to attendees' messages, questions and votes. */
      onParticipation: (listener: ParticipationListener) => listeners.push(listener),
    },
  };
}

export type EngagementArea = ReturnType<typeof engagementArea>;

/** What engagement reads of the other areas: the event, its people and its programme's places. */
function engagementReadsOf(studio: Studio, ports: EngagementAreaPorts) {
  // The attendee site's kept read of the event: the call's admission has just read it.
  const eventOf = studio.publicRead(async (eventId: string): Promise<EngagementEvent | undefined> => {
    const event = await ports.publicEvent(eventId);
    if (!event) return undefined;
    const flags = await ports.operatorFlags.keptFlagsOf(event.organizationId);
    const branding = fillBranding(event.branding.branding, event.branding.theme_obj).event;
    return {
      id: event.id,
      organizationId: event.organizationId,
      branding,
      flags,
      showAttendees: branding.show_attendees,
      endTime: isScheduled(event.event_type) ? event.end_time : null,
    };
  }, String);
  const personInEvent: EngagementDeps['personInEvent'] = async (eventId, userId) => {
    const person = await ports.eventRoles.personInEvent(eventId, userId);
    if (!person) return undefined;
    const role = authorRoleOf(leadingEventRole(person.roles.map((entry) => entry.role)));
    return { name: fullName({ first_name: person.firstName, last_name: person.lastName }), role };
  };

  const { agenda, rooms, booths } = ports.programme;
  const placeInEvent: EngagementDeps['placeInEvent'] = async (eventId, kind, id) => {
    if (kind === 'session') return (await agenda.sessionIdsOf(eventId, [id])).length > 0;
    if (kind === 'room') return (await rooms.placeOf(eventId, id)) !== undefined;
    return (await booths.ofEvent(eventId)).some((booth) => booth.id === id);
  };
  const isBoothRoom: EngagementDeps['isBoothRoom'] = async (eventId, roomId) =>
    (await rooms.placeOf(eventId, roomId)) === 'booth_room';

  const sessionSpeakers: EngagementDeps['sessionSpeakers'] = async (eventId, sessionIds) => {
    const ids = sessionIds
      ? await agenda.sessionIdsOf(eventId, sessionIds)
      : (await agenda.attendeeSessionsOf(eventId)).map((session) => session.id);
    const speakers = await ports.eventRoles.speakersOfBroadcasts(ids);
    return new Map(
      [...speakers].map(([sessionId, list]) => [sessionId, new Set(list.map((speaker) => speaker.user.id))]),
    );
  };

  return { eventOf, personInEvent, placeInEvent, isBoothRoom, sessionSpeakers };
}

/**
 * The attendee-facing services, each act told to the listeners (analytics, webhooks) once done;
 * a listener's failure is only logged. The event is read before the act: the service's own read
 * of it is then the same kept answer (the act's writes would make a read after it a new one).
 */
function tellingParticipation(
  log: Studio['app']['log'],
  eventOf: (eventId: string) => Promise<EngagementEvent | undefined>,
  { chat, qna, polls }: { chat: ChatService; qna: QnaService; polls: PollsService },
) {
  const listeners: ParticipationListener[] = [];
  const telling = async <T>(
    eventId: string,
    userId: string,
    kind: EngagementParticipation['kind'],
    act: () => Promise<T>,
    sessionOf: (done: T) => string | null,
  ): Promise<T> => {
    const event = await eventOf(eventId);
    const done = await act();
    if (!event) return done;
    const participation = {
      eventId,
      organizationId: event.organizationId,
      userId,
      kind,
      sessionId: sessionOf(done),
    };
    await Promise.all(
      listeners.map((listener) =>
        listener(participation).catch((error: unknown) =>
          log.warn({ err: error }, 'participation listener failed'),
        ),
      ),
    );
    return done;
  };
  const told = {
    chat: {
      ...chat,
      post: (...args: Parameters<typeof chat.post>) => {
        const [eventId, actor, channel, body] = args;
        return telling(
          eventId,
          actor.userId,
          'chat_message',
          () => chat.post(...args),
          () => (channel === 'session' ? (body.channel_id ?? null) : null),
        );
      },
    },
    qna: {
      ...qna,
      ask: (...args: Parameters<typeof qna.ask>) =>
        telling(
          args[0],
          args[1].userId,
          'question',
          () => qna.ask(...args),
          () => args[2].session_id ?? null,
        ),
    },
    polls: {
      ...polls,
      vote: (...args: Parameters<typeof polls.vote>) =>
        telling(
          args[0],
          args[1].userId,
          'poll_vote',
          () => polls.vote(...args),
          (poll) => poll.session_id,
        ),
    },
  };
  return { told, listeners };
}
