import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ENGAGEMENT_PUSHED, ENGAGEMENT_UPDATED, EVENT_ROLES, type EngagementPush } from '@studio/domain';
import type { PubSub } from '../../platform/realtime/pubsub.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { EventAppExtension } from '../attendee-site/event-app/event-app-extension.ts';
import type { StreamRecipient } from '../attendee-site/event-streams.ts';
import type { ChatRepository } from './chat.repository.ts';
import type { EngagementChange, EngagementDeps, SessionSpeakers } from './engagement.ts';
import { featuresOf } from './engagement.ts';
import {
  messageView,
  pollView,
  questionView,
  readsMessage,
  readsPoll,
  readsQuestion,
  withdrawnQuestion,
  type Viewer,
} from './engagement-views.ts';
import type { PollsRepository } from './polls.repository.ts';
import type { PresenceRepository } from './presence.repository.ts';
import type { QnaRepository } from './qna.repository.ts';
import type { QnaService } from './qna.service.ts';

/** The pub/sub channel of engagement changes (ids only: NOTIFY carries at most 8,000 bytes). */
const ENGAGEMENT_CHANNEL = 'engagement';
/**
 * Changes heard within one tick go to each stream as one push (a burst of chat is one write). Pushes
 * go out one at a time (each stream receives its batches in order). When changes were heard while a
 * push ran (a busy event), the next waits as long as that one took after it ended: writing to
 * thousands of streams takes at most about half of the node's time and a busy chat's messages gather
 * into fewer, larger writes; a change heard while idle goes out a tick after.
 */
export const PUSH_TICK_MS = 20;
/** How often a node refreshes its streams' presence rows. */
const PRESENCE_REFRESH_MS = 25_000;

export interface EngagementPushDeps extends Pick<
  EngagementDeps,
  'eventOf' | 'personInEvent' | 'sessionSpeakers'
> {
  pubsub: PubSub;
  realtime: Pick<Realtime, 'publish'>;
  eventApp: EventAppExtension;
  chat: ChatRepository;
  qna: QnaRepository;
  qnaService: Pick<QnaService, 'factsOf'>;
  polls: PollsRepository;
  presence: PresenceRepository;
  log: { warn(object: object, message: string): void };
}

type Pending = Map<EngagementChange['kind'], Set<string>>;

const viewerOf = (recipient: StreamRecipient): Viewer => ({
  userId: recipient.userId,
  staff: recipient.role === EVENT_ROLES.ORGANIZER,
  speaker: recipient.role === EVENT_ROLES.SPEAKER,
});

/**
 * Realtime engagement (issue 34 §7): a change is published once (its ids, through the platform's
 * pub/sub, which crosses API nodes on PostgreSQL); each node reads the rows once per tick and
 * pushes to each of the event's attendee streams, as one `ENGAGEMENT_PUSHED` batch, what that
 * person may see (a session's changed surveys: that they changed). The studio's sockets of the
 * event are told to refetch their queues.
 */
export function createEngagementPush(deps: EngagementPushDeps) {
  const nodeId = randomUUID();
  const pending = new Map<string, Pending>();
  const presenceChanged = new Map<string, string>();
  /** The studio's sockets of each event are told once per tick what kinds of change it had. */
  const studioTold = new Map<string, { organizationId: string; kinds: Set<EngagementChange['kind']> }>();
  let tick: NodeJS.Timeout | undefined;
  /** The push under way; the earliest the next may start (performance.now), if changes waited for it. */
  let flushing = false;
  let notBefore = 0;
  /** Once the studio closes, streams ending with it write nothing more (their rows fade). */
  let closed = false;

  async function publish(change: EngagementChange): Promise<void> {
    await deps.pubsub.publish(ENGAGEMENT_CHANNEL, change);
    const told = studioTold.get(change.eventId) ?? {
      organizationId: change.organizationId,
      kinds: new Set(),
    };
    studioTold.set(change.eventId, told);
    told.kinds.add(change.kind);
    schedule();
  }

  /** One ENGAGEMENT_UPDATED per event and tick, whatever the changes (a busy chat is not a refetch each). */
  async function tellStudio(): Promise<void> {
    const told = [...studioTold];
    studioTold.clear();
    for (const [eventId, { organizationId, kinds }] of told)
      await deps.realtime.publish(
        organizationId,
        { type: ENGAGEMENT_UPDATED, data: { eventId, kinds: [...kinds] } },
        { eventId },
      );
  }

  /** The next push, unless one is due or under way (that one schedules the next when it ends). */
  function schedule() {
    if (closed || tick || flushing) return;
    tick = setTimeout(() => void push(), Math.max(PUSH_TICK_MS, notBefore - performance.now()));
  }

  async function push(): Promise<void> {
    tick = undefined;
    flushing = true;
    const started = performance.now();
    await flush().catch((error: unknown) => deps.log.warn({ err: error }, 'engagement push failed'));
    // The streams' writes leave the process once this turn's callbacks have run.
    await new Promise((resolve) => setImmediate(resolve));
    flushing = false;
    const waiting = pending.size > 0 || presenceChanged.size > 0 || studioTold.size > 0;
    // As long after this push's end as it took.
    notBefore = waiting ? 2 * performance.now() - started : 0;
    if (waiting) schedule();
  }

  function heard(change: EngagementChange) {
    const kinds: Pending = pending.get(change.eventId) ?? new Map<EngagementChange['kind'], Set<string>>();
    pending.set(change.eventId, kinds);
    kinds.set(change.kind, (kinds.get(change.kind) ?? new Set<string>()).add(change.id));
    schedule();
  }

  async function flush(): Promise<void> {
    const batches = [...pending];
    pending.clear();
    const presence = [...presenceChanged];
    presenceChanged.clear();
    for (const [eventId, organizationId] of presence)
      await publish({ eventId, organizationId, kind: 'presence', id: eventId });
    await tellStudio();
    // One event's failure (say, deleted meanwhile) does not hold back the others' pushes.
    for (const [eventId, kinds] of batches)
      await pushBatch(eventId, kinds).catch((error: unknown) =>
        deps.log.warn({ err: error, eventId }, 'engagement push failed'),
      );
  }

  /** Reads the batch's rows once, then gives each stream what its person may see. */
  async function pushBatch(eventId: string, kinds: Pending): Promise<void> {
    const ids = (kind: EngagementChange['kind']) => [...(kinds.get(kind) ?? [])];
    const { features } = await featuresOf(deps, eventId);
    const messages = await deps.chat.byIds(ids('message'));
    const questions = await deps.qna.byIds(ids('question'));
    const facts = await deps.qnaService.factsOf(questions, features);
    const launched = new Set(ids('poll-launched'));
    const polls = await deps.polls.byIds([...new Set([...ids('poll'), ...launched])]);
    const choices = await deps.polls.choicesOnNode(
      polls.map((record) => record.poll.id),
      eventId,
      nodeId,
    );
    const presence = kinds.has('presence') ? await deps.presence.counts(eventId) : undefined;
    const speakersChats = messages.flatMap((row) =>
      row.channel === 'speakers' && row.channel_id ? [row.channel_id] : [],
    );
    const speakers: SessionSpeakers =
      speakersChats.length > 0 ? await deps.sessionSpeakers(eventId, [...new Set(speakersChats)]) : new Map();
    // Items every reader receives alike are made once, so each is serialised once for the event.
    const messageItems = messages.map((row) => ({
      row,
      item: { type: 'message', message: messageView(row) } satisfies EngagementPush,
    }));
    const removedItems = ids('message-removed').map(
      (id) => ({ type: 'message-removed', id }) satisfies EngagementPush,
    );
    const clearedItem = kinds.has('chat-cleared') && ({ type: 'chat-cleared' } satisfies EngagementPush);
    // A session's surveys are each person's own (answered or not): everyone is told to read them again.
    const surveysItems = ids('surveys').map(
      (sessionId) => ({ type: 'surveys', session_id: sessionId }) satisfies EngagementPush,
    );
    const presenceItem = presence && {
      type: 'presence' as const,
      present: presence.present,
      per_session: presence.perSession,
    };

    deps.eventApp.push(eventId, ENGAGEMENT_PUSHED, (recipient) => {
      const viewer = viewerOf(recipient);
      // The clearing first: the batch's messages were read after it, so they were posted since.
      const items: EngagementPush[] = clearedItem ? [clearedItem] : [];
      for (const { row, item } of messageItems) if (readsMessage(viewer, row, speakers)) items.push(item);
      items.push(...removedItems);
      for (const row of questions) {
        const question = readsQuestion(viewer, row)
          ? questionView(row, facts, viewer)
          : row.state !== 'pending'
            ? withdrawnQuestion(row)
            : undefined;
        if (question) items.push({ type: 'question', session_id: row.session_id, question });
      }
      for (const record of polls)
        if (readsPoll(viewer, record)) {
          const voted = choices.get(record.poll.id)?.get(viewer.userId) ?? [];
          const poll = pollView(record, viewer, voted);
          items.push(launched.has(poll.id) ? { type: 'poll', poll, launched: true } : { type: 'poll', poll });
        }
      items.push(...surveysItems);
      if (presenceItem) items.push(presenceItem);
      return items.length > 0 ? items : undefined;
    });
  }

  /** Presence: a stream's row is written when it opens and removed when it closes. */
  function watchPresence() {
    const written = new Map<string, Promise<unknown>>();
    const changed = async (eventId: string) => {
      const event = await deps.eventOf(eventId);
      if (event) presenceChanged.set(eventId, event.organizationId);
      schedule();
    };
    deps.eventApp.watchStreams({
      opened(stream) {
        const write = (async () => {
          const person = await deps.personInEvent(stream.eventId, stream.recipient.userId);
          await deps.presence.opened({
            streamId: stream.id,
            nodeId,
            eventId: stream.eventId,
            userId: stream.recipient.userId,
            name: person?.name ?? '',
            sessionId: stream.recipient.sessionId,
          });
          await changed(stream.eventId);
        })().catch((error: unknown) => deps.log.warn({ err: error }, 'presence not recorded'));
        written.set(stream.id, write);
      },
      closed(stream) {
        if (closed) return;
        const opened = written.get(stream.id) ?? Promise.resolve();
        written.delete(stream.id);
        void opened
          .then(() => deps.presence.closed(stream.id))
          .then(() => changed(stream.eventId))
          .catch((error: unknown) => deps.log.warn({ err: error }, 'presence not cleared'));
      },
    });
  }

  const unsubscribe = deps.pubsub.subscribe(ENGAGEMENT_CHANNEL, (message) =>
    heard(message as EngagementChange),
  );
  watchPresence();
  const refresh = setInterval(() => {
    deps.presence
      .refresh(nodeId)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'presence not refreshed'));
  }, PRESENCE_REFRESH_MS);
  refresh.unref();

  return {
    publish,
    close() {
      closed = true;
      unsubscribe();
      clearInterval(refresh);
      if (tick) clearTimeout(tick);
    },
  };
}

export type EngagementPushes = ReturnType<typeof createEngagementPush>;
