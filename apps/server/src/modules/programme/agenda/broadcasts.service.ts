import {
  agendaServerMessages,
  rtmpInputServerMessages,
  sessionPlanFeatures,
  type Broadcast,
  type BroadcastType,
  type CreateBroadcastRequest,
  type UpdateBroadcastRequest,
} from '@studio/domain';
import type { LibraryVideos } from '../../back-office/stage-roll-videos.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { OrganizationCaller } from '../../../platform/http/guard.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import {
  timesChanged,
  type AgendaAccess,
  type AgendaDeps,
  type EventAccess,
  type Loaded,
  type ProgrammePermission,
} from './agenda-access.ts';
import type { BroadcastRecord } from './agenda.repository.ts';
import { sanitizeRichText } from '../../../platform/http/rich-text.ts';

/**
 * Sessions (broadcasts). A session's blocks follow it: one session block per track it is in, with
 * its title and times; `tracks` on a session creates and removes them. Without `tracks`, a new
 * session goes into the event's first track (none when the event has no track yet).
 */
export function createBroadcastsService(deps: AgendaDeps & { shared: AgendaAccess; videos: LibraryVideos }) {
  const { db, agenda, shared } = deps;

  /** The session as pushed and as answered to the caller who changed it. */
  async function answer(id: string, caller: Caller) {
    const row = await agenda.findBroadcast(id);
    if (!row) throw notFound();
    return shared.sessionPushedAndAnswered(row, caller);
  }

  /** 400 on `video_assets` unless each video is the organisation's, and processed for a pre-recorded session. */
  async function checkVideos(
    organizationId: string,
    ids: readonly string[],
    type: BroadcastType,
  ): Promise<void> {
    for (const id of ids) {
      const status = await deps.videos.statusOf(organizationId, id);
      if (status === undefined) throw fieldError('video_assets', agendaServerMessages.videoNotInOrganization);
      if (type === 'SIMULIVE' && status !== 'COMPLETE')
        throw fieldError('video_assets', agendaServerMessages.videoNotProcessed);
    }
  }

  /** The input an RTMP session plays: one of the event's; other sessions play none. */
  async function rtmpInputFor(
    eventId: string,
    type: BroadcastType,
    inputId: string | null | undefined,
    tx?: Executor,
  ): Promise<string | null | undefined> {
    if (type !== 'RTMP') return null;
    if (!inputId) return inputId;
    if (!(await deps.rtmpInputInEvent?.(eventId, inputId, tx)))
      throw fieldError('rtmp_input', rtmpInputServerMessages.notInEvent);
    return inputId;
  }

  async function checkTracks(eventId: string, ids: readonly string[], tx?: Executor): Promise<void> {
    const own = new Set(await agenda.trackIdsOf(eventId, tx));
    if (ids.some((id) => !own.has(id))) throw fieldError('tracks', agendaServerMessages.trackNotInEvent);
  }

  /** The session is in exactly these tracks: its blocks there are created or removed. */
  async function setTracks(row: BroadcastRecord, trackIds: readonly string[], tx: Executor) {
    const items = await agenda.itemsOfBroadcast(row.id, tx);
    const removed = items.filter((item) => !trackIds.includes(item.track_id));
    for (const item of removed) {
      await agenda.deleteItem(item.id, tx);
      await agenda.removeFromTrack(row.id, item.track_id, tx);
    }
    for (const trackId of trackIds.filter((id) => !items.some((item) => item.track_id === id))) {
      await agenda.addToTrack(row.id, trackId, tx);
      await agenda.insertItem(
        {
          event_id: row.event_id,
          track_id: trackId,
          kind: 'session',
          broadcast_id: row.id,
          title: row.title,
          start_time: row.start_time,
          end_time: row.end_time,
        },
        tx,
      );
    }
    return removed;
  }

  /** After a committed change: the session, its blocks, and the blocks it left. */
  async function publish({ event }: EventAccess, broadcast: Broadcast, removed: { id: string }[]) {
    const items = await shared.itemAnswers(event.id);
    await shared.publish(event, {
      sessions: [{ ...broadcast, eventId: event.id }],
      items: [
        ...items
          .filter((item) => item.broadcast === broadcast.id)
          .map((item) => ({ ...item, eventId: event.id, object: 'agenda_item' as const })),
        ...shared.deletedItems(event, removed),
      ],
    });
  }

  /**
   * After a committed change of their people (or times): the sessions' pushes (`broadcast-updated`),
   * with every agenda block of the event when `withItems` (they moved too).
   */
  async function pushSessions(
    organizationId: string,
    eventId: string,
    ids: readonly string[],
    withItems = false,
  ) {
    const [event] = await deps.events.programmeEventsByIds(organizationId, [eventId]);
    if (!event) return;
    const sessions = await shared.sessionAnswers(await agenda.broadcastsAmong(eventId, ids));
    const items = withItems ? await shared.itemAnswers(eventId) : [];
    await shared.publish(event, {
      sessions: sessions.map((broadcast) => ({ ...broadcast, eventId })),
      items: items.map((item) => ({ ...item, eventId, object: 'agenda_item' as const })),
    });
  }

  return {
    load: async (member: OrganizationCaller, id: string, permission: ProgrammePermission) =>
      shared.load(member, await agenda.findBroadcast(id), permission),

    async list(caller: Caller, eventId: string, page: PageRequest) {
      const { event } = await shared.access(caller, eventId, 'event:read');
      const { count, rows } = await agenda.broadcastsOf(event.id, page);
      return { count, results: await shared.sessionAnswers(rows, undefined, caller) };
    },

    get: async ({ object, scope }: Loaded<BroadcastRecord>): Promise<Broadcast> =>
      (await shared.sessionAnswers([object], undefined, scope.caller))[0]!,

    pushSessions,

    /**
     * A reschedule's part (`RescheduleStep`): the event's sessions and agenda items move with it,
     * in its transaction; once committed, their pushes and the sessions' people's calendars follow.
     */
    async rescheduled(moved: { id: string; organizationId: string }, shiftMs: number, tx: Executor) {
      const ids = await agenda.shiftProgramme(moved.id, shiftMs, tx);
      return async () => {
        await pushSessions(moved.organizationId, moved.id, ids, true);
        if (ids.length > 0) await deps.sessionsMoved?.(moved.organizationId, moved.id, ids);
      };
    },

    async create(caller: Caller, request: CreateBroadcastRequest): Promise<Broadcast> {
      const access = await shared.access(caller, request.event, 'event:update');
      const { scope, event } = access;
      shared.checkTimes(request, event);
      const sessionCount = (await agenda.countBroadcasts(event.id)) + 1;
      shared.requireFeatures(
        scope,
        sessionPlanFeatures({
          broadcastType: request.broadcast_type,
          sessionCount,
          eventSpansDays: shared.spansDays(event),
        }),
      );
      const videoIds = request.video_assets ?? [];
      await checkVideos(event.organizationId, videoIds, request.broadcast_type);
      const id = await db.transaction().execute(async (tx) => {
        const trackIds = request.tracks ?? (await agenda.trackIdsOf(event.id, tx)).slice(0, 1);
        await checkTracks(event.id, trackIds, tx);
        const broadcastId = await agenda.insertBroadcast(
          {
            event_id: event.id,
            title: request.title,
            description: sanitizeRichText(request.description ?? ''),
            start_time: request.start_time,
            end_time: request.end_time,
            broadcast_type: request.broadcast_type,
            simulive_test_run_end_time: null,
            test_simulive_processing_state: null,
            rtmp_input_id: await rtmpInputFor(event.id, request.broadcast_type, request.rtmp_input, tx),
          },
          tx,
        );
        await agenda.setVideos(broadcastId, videoIds, tx);
        const row = await agenda.findBroadcast(broadcastId, tx);
        await setTracks(row!, trackIds, tx);
        return broadcastId;
      });
      const created = await answer(id, caller);
      await publish(access, created.pushed, []);
      return created.answered;
    },

    async update(loaded: Loaded<BroadcastRecord>, request: UpdateBroadcastRequest): Promise<Broadcast> {
      const { scope, event, object: row } = loaded;
      const times = {
        start_time: request.start_time ?? row.start_time,
        end_time: request.end_time ?? row.end_time,
      };
      if (request.start_time || request.end_time) shared.checkTimes(times, event);
      const type = request.broadcast_type ?? row.broadcast_type;
      if (type !== row.broadcast_type)
        shared.requireFeatures(
          scope,
          sessionPlanFeatures({ broadcastType: type, sessionCount: 1, eventSpansDays: false }),
        );
      const currentVideos = row.videos.flatMap(({ video }) => (video ? [video.id] : []));
      if (request.video_assets || type !== row.broadcast_type)
        await checkVideos(event.organizationId, request.video_assets ?? currentVideos, type);
      const playoutChanged =
        type !== row.broadcast_type ||
        (request.video_assets !== undefined && request.video_assets.join() !== currentVideos.join());
      const removed = await db.transaction().execute(async (tx) => {
        if (request.tracks) await checkTracks(event.id, request.tracks, tx);
        await agenda.updateBroadcast(
          row.id,
          {
            ...times,
            title: request.title,
            description:
              request.description === undefined ? undefined : sanitizeRichText(request.description),
            broadcast_type: type,
            rtmp_input_id: await rtmpInputFor(event.id, type, request.rtmp_input, tx),
            // A test run plays the videos it started with: a change of them (or of the type) ends it.
            ...(playoutChanged ? { simulive_test_run_end_time: null } : {}),
          },
          tx,
        );
        if (request.video_assets) await agenda.setVideos(row.id, request.video_assets, tx);
        const updated = (await agenda.findBroadcast(row.id, tx))!;
        await agenda.syncSessionItems(row.id, updated, tx);
        return request.tracks ? setTracks(updated, request.tracks, tx) : [];
      });
      const updated = await answer(row.id, scope.caller);
      await publish(loaded, updated.pushed, removed);
      if (timesChanged(row, times)) await deps.sessionsMoved?.(event.organizationId, event.id, [row.id]);
      return updated.answered;
    },

    async delete({ event, object: row }: Loaded<BroadcastRecord>): Promise<void> {
      const items = await db.transaction().execute(async (tx) => {
        const blocks = await agenda.itemsOfBroadcast(row.id, tx);
        await agenda.deleteBroadcast(row.id, tx);
        return blocks;
      });
      await shared.publish(event, {
        sessions: [{ eventId: event.id, id: row.id, deleted: true }],
        items: shared.deletedItems(event, items),
      });
    },
  };
}

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;
