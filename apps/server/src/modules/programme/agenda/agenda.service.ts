import { randomUUID } from 'node:crypto';
import {
  agendaServerMessages,
  trackPlanFeatures,
  type AgendaItem,
  type BroadcastType,
  type BulkTracksRequest,
  type CreateAgendaItemRequest,
  type CreateTrackRequest,
  type Track,
  type UpdateAgendaItemRequest,
  type UpdateTrackRequest,
} from '@studio/domain';
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
import { toTrack } from './agenda.answers.ts';
import type { AgendaItemRecord, AgendaRepository, TrackRecord } from './agenda.repository.ts';

type TrackPush = Track & { eventId: string; object: 'track' };

/**
 * Tracks and agenda items. A session block (kind session) stands for its session in one track: its
 * title and times are the session's, and changing them changes the session (and its other blocks).
 */
/** An event's agenda as the stage reads it. */
export interface StageAgenda {
  /** The event's first track (by sort priority); null when it has none. */
  mainTrack: string | null;
  /** The event's tracks by sort priority, with their titles (the first is the main track). */
  tracks?: { id: string; name: string }[];
  sessions: {
    id: string;
    title: string;
    start_time: Date;
    end_time: Date;
    broadcast_type: BroadcastType;
    is_live: boolean;
    tracks: string[];
    videoIds: string[];
    /** The RTMP input an RTMP session plays (its channel is the stage's live source). */
    rtmpInputId: string | null;
  }[];
}

export function createAgendaService(deps: AgendaDeps & { shared: AgendaAccess }) {
  const { db, agenda, shared } = deps;

  async function trackAnswer(id: string, tx?: Executor): Promise<Track> {
    const row = await agenda.findTrack(id, tx);
    if (!row) throw notFound();
    return toTrack(row);
  }

  const trackPush = (event: EventAccess['event'], track: Track): TrackPush => ({
    ...track,
    eventId: event.id,
    object: 'track',
  });

  async function ownTrack(eventId: string, trackId: string, tx?: Executor): Promise<void> {
    const track = await agenda.findTrack(trackId, tx);
    if (track?.event_id !== eventId) throw fieldError('track', agendaServerMessages.trackNotInEvent);
  }

  /**
   * After a committed change of blocks: them (with overlaps), the deleted ones and their tracks
   * pushed, with the session they belong to (its times and tracks).
   */
  async function publishItems(
    { event }: EventAccess,
    sessionId: string | null,
    ids: readonly string[],
    deleted: Pick<AgendaItemRecord, 'id' | 'track_id'>[] = [],
  ) {
    const items = await shared.itemAnswers(event.id, ids);
    const trackIds = new Set([...items.map((item) => item.track), ...deleted.map((row) => row.track_id)]);
    const tracks = (await Promise.all([...trackIds].map((id) => agenda.findTrack(id)))).flatMap((row) =>
      row ? [toTrack(row)] : [],
    );
    await shared.publish(event, {
      sessions: await sessionPushes(event, sessionId ? [sessionId] : []),
      items: [
        ...items.map((item) => ({ ...item, eventId: event.id, object: 'agenda_item' as const })),
        ...shared.deletedItems(event, deleted),
        ...tracks.map((track) => trackPush(event, track)),
      ],
    });
    return items;
  }

  /** The pushes of sessions whose blocks changed (their times and tracks); the session of none is none. */
  async function sessionPushes(event: EventAccess['event'], sessionIds: readonly (string | null)[]) {
    const ids = [...new Set(sessionIds)].filter((id) => id !== null);
    const rows = await Promise.all(ids.map((id) => agenda.findBroadcast(id)));
    const sessions = await shared.sessionAnswers(rows.filter((row) => row !== undefined));
    return sessions.map((session) => ({ ...session, eventId: event.id }));
  }

  /**
   * A session block's times and title are its session's: apply them there, then to all its blocks.
   * Answers whether the session's start or end changed.
   */
  async function moveSession(
    access: EventAccess,
    broadcastId: string,
    changes: { title?: string | undefined; start_time?: Date | undefined; end_time?: Date | undefined },
    tx: Executor,
  ): Promise<boolean> {
    if (changes.title === undefined && !changes.start_time && !changes.end_time) return false;
    const session = await agenda.findBroadcast(broadcastId, tx);
    if (!session) throw notFound();
    const times = {
      start_time: changes.start_time ?? session.start_time,
      end_time: changes.end_time ?? session.end_time,
    };
    // Unchanged times stay valid even if the event has moved since.
    if (changes.start_time || changes.end_time) shared.checkTimes(times, access.event);
    await agenda.updateBroadcast(broadcastId, { ...times, title: changes.title }, tx);
    await agenda.syncSessionItems(broadcastId, { ...times, title: changes.title ?? session.title }, tx);
    return timesChanged(session, times);
  }

  /** After the commit of a session's move: the people's calendar invitations follow. */
  async function sessionMoved({ event }: EventAccess, broadcastId: string, moved: boolean): Promise<void> {
    if (moved) await deps.sessionsMoved?.(event.organizationId, event.id, [broadcastId]);
  }

  return {
    loadTrack: async (member: OrganizationCaller, id: string, permission: ProgrammePermission) =>
      shared.load(member, await agenda.findTrack(id), permission),

    loadItem: async (member: OrganizationCaller, id: string, permission: ProgrammePermission) =>
      shared.load(member, await agenda.findItem(id), permission),

    async listTracks(caller: Caller, eventId: string, page: PageRequest) {
      const { event } = await shared.access(caller, eventId, 'event:read');
      const { count, rows } = await agenda.tracksOf(event.id, page);
      return { count, results: rows.map(toTrack) };
    },

    async createTrack(caller: Caller, request: CreateTrackRequest): Promise<Track> {
      const access = await shared.access(caller, request.event, 'event:update');
      const existing = await agenda.trackIdsOf(access.event.id);
      shared.requireFeatures(access.scope, trackPlanFeatures(existing.length + 1));
      const id = await db.transaction().execute((tx) =>
        agenda.insertTrack(
          {
            event_id: access.event.id,
            title: request.title,
            sort_priority: request.sort_priority ?? existing.length,
          },
          tx,
        ),
      );
      const track = await trackAnswer(id);
      await shared.publish(access.event, { items: [trackPush(access.event, track)] });
      return track;
    },

    async updateTrack({ event, object }: Loaded<TrackRecord>, request: UpdateTrackRequest): Promise<Track> {
      if (request.title !== undefined || request.sort_priority !== undefined)
        await db.transaction().execute((tx) => agenda.updateTrack(object.id, request, tx));
      const track = await trackAnswer(object.id);
      await shared.publish(event, { items: [trackPush(event, track)] });
      return track;
    },

    /** Every track of the event renamed and reordered at once; any unknown or missing id: nothing saved. */
    async bulkTracks(caller: Caller, request: BulkTracksRequest): Promise<Track[]> {
      const { event } = await shared.access(caller, request.event, 'event:update');
      const ids = request.tracks.map((track) => track.id);
      if (new Set(ids).size !== ids.length) throw fieldError('tracks', agendaServerMessages.duplicateIds);
      const tracks = await db.transaction().execute(async (tx) => {
        const own = await agenda.trackIdsOf(event.id, tx);
        if (ids.some((id) => !own.includes(id)))
          throw fieldError('tracks', agendaServerMessages.unknownTrack);
        if (own.some((id) => !ids.includes(id)))
          throw fieldError('tracks', agendaServerMessages.missingTracks);
        for (const track of request.tracks)
          await agenda.updateTrack(track.id, { title: track.title, sort_priority: track.sort_priority }, tx);
        return (await agenda.tracksOf(event.id, { limit: 1000, offset: 0 }, tx)).rows.map(toTrack);
      });
      await shared.publish(event, { items: tracks.map((track) => trackPush(event, track)) });
      return tracks;
    },

    /** Its blocks go with it; the sessions stay (out of this track). */
    async deleteTrack({ event, object }: Loaded<TrackRecord>): Promise<void> {
      const items = await db.transaction().execute(async (tx) => {
        const blocks = await agenda.itemsOfTrack(object.id, tx);
        await agenda.deleteTrack(object.id, tx);
        return blocks;
      });
      await shared.publish(event, {
        sessions: await sessionPushes(
          event,
          items.map((item) => item.broadcast_id),
        ),
        items: [
          ...shared.deletedItems(event, items),
          { eventId: event.id, id: object.id, object: 'track', deleted: true },
        ],
      });
    },

    async listItems(caller: Caller, eventId: string, page: PageRequest) {
      const { event } = await shared.access(caller, eventId, 'event:read');
      const items = await shared.itemAnswers(event.id);
      return { count: items.length, results: items.slice(page.offset, page.offset + page.limit) };
    },

    async createItem(caller: Caller, request: CreateAgendaItemRequest): Promise<AgendaItem> {
      const access = await shared.access(caller, request.event, 'event:update');
      const { event } = access;
      let moved = false;
      const id = await db.transaction().execute(async (tx) => {
        await ownTrack(event.id, request.track, tx);
        if (request.kind !== 'session') {
          // The schema requires a block's own title and times.
          const times = { start_time: request.start_time!, end_time: request.end_time! };
          shared.checkTimes(times, event);
          return agenda.insertItem(
            {
              ...times,
              event_id: event.id,
              track_id: request.track,
              kind: request.kind,
              title: request.title!,
            },
            tx,
          );
        }
        // The same session added to the same track twice at once: the second finds it there.
        await agenda.lockBroadcast(request.broadcast ?? '', tx);
        const session = await agenda.findBroadcast(request.broadcast ?? '', tx);
        if (session?.event_id !== event.id)
          throw fieldError('broadcast', agendaServerMessages.broadcastNotInEvent);
        if (session.tracks.some((track) => track.id === request.track))
          throw fieldError('track', agendaServerMessages.sessionAlreadyInTrack);
        moved = await moveSession(access, session.id, request, tx);
        const placed = (await agenda.findBroadcast(session.id, tx))!;
        await agenda.addToTrack(session.id, request.track, tx);
        return agenda.insertItem(
          {
            event_id: event.id,
            track_id: request.track,
            kind: 'session',
            broadcast_id: session.id,
            title: placed.title,
            start_time: placed.start_time,
            end_time: placed.end_time,
          },
          tx,
        );
      });
      const [item] = await publishItems(access, request.broadcast ?? null, [id]);
      if (request.broadcast) await sessionMoved(access, request.broadcast, moved);
      return item!;
    },

    async updateItem(
      loaded: Loaded<AgendaItemRecord>,
      request: UpdateAgendaItemRequest,
    ): Promise<AgendaItem> {
      const { event, object: row } = loaded;
      const sessionId = row.broadcast_id;
      const moved = await db.transaction().execute(async (tx) => {
        if (request.track && request.track !== row.track_id) {
          await ownTrack(event.id, request.track, tx);
          if (sessionId) {
            await agenda.lockBroadcast(sessionId, tx);
            const session = await agenda.findBroadcast(sessionId, tx);
            if (session?.tracks.some((track) => track.id === request.track))
              throw fieldError('track', agendaServerMessages.sessionAlreadyInTrack);
            await agenda.removeFromTrack(sessionId, row.track_id, tx);
            await agenda.addToTrack(sessionId, request.track, tx);
          }
          await agenda.updateItem(row.id, { track_id: request.track }, tx);
        }
        if (sessionId) return moveSession(loaded, sessionId, request, tx);
        const times = {
          start_time: request.start_time ?? row.start_time,
          end_time: request.end_time ?? row.end_time,
        };
        if (request.start_time || request.end_time) shared.checkTimes(times, event);
        await agenda.updateItem(row.id, { ...times, title: request.title }, tx);
        return false;
      });
      const blocks = sessionId ? (await agenda.itemsOfBroadcast(sessionId)).map((item) => item.id) : [row.id];
      const items = await publishItems(loaded, sessionId, blocks);
      if (sessionId) await sessionMoved(loaded, sessionId, moved);
      return items.find((item) => item.id === row.id)!;
    },

    /** A session block leaves its track; the session stays. */
    async deleteItem(loaded: Loaded<AgendaItemRecord>): Promise<void> {
      const { object: row } = loaded;
      await db.transaction().execute(async (tx) => {
        await agenda.deleteItem(row.id, tx);
        if (row.broadcast_id) await agenda.removeFromTrack(row.broadcast_id, row.track_id, tx);
      });
      await publishItems(loaded, row.broadcast_id, [], [row]);
    },

    /**
     * The source event's tracks, sessions (with their videos and tracks) and agenda items, onto the
     * target with new ids and every time moved by `shiftMs`; answers old id → new id.
     */
    async copyAgenda(sourceEventId: string, targetEventId: string, shiftMs: number, tx: Executor) {
      return copyProgramme(agenda, sourceEventId, targetEventId, shiftMs, tx);
    },

    clearAgenda: (eventId: string, tx: Executor) => agenda.clear(eventId, tx),

    /**
     * For the stage (no caller): the event's first track and every session with its tracks and its
     * videos' ids in play order.
     */
    async stageProgrammeOf(eventId: string): Promise<StageAgenda> {
      const [tracks, rows] = await Promise.all([
        agenda.trackTitlesOf(eventId),
        agenda.allBroadcastsOf(eventId),
      ]);
      return {
        mainTrack: tracks[0]?.id ?? null,
        tracks: tracks.map((track) => ({ id: track.id, name: track.title })),
        sessions: rows.map((row) => ({
          id: row.id,
          title: row.title,
          start_time: row.start_time,
          end_time: row.end_time,
          broadcast_type: row.broadcast_type,
          is_live: row.is_live,
          tracks: row.tracks.map((track) => track.id),
          videoIds: row.videos.flatMap(({ video }) => (video ? [video.id] : [])),
          rtmpInputId: row.broadcast_type === 'RTMP' ? row.rtmp_input_id : null,
        })),
      };
    },

    /** For the event app (no caller): every session by start, with its tracks' titles. */
    async attendeeSessionsOf(eventId: string) {
      const [{ rows: trackRows }, sessions] = await Promise.all([
        agenda.tracksOf(eventId, { limit: 1000, offset: 0 }),
        agenda.allBroadcastsOf(eventId),
      ]);
      const titles = new Map(trackRows.map((track) => [track.id, track.title]));
      return sessions.map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        start_time: row.start_time,
        end_time: row.end_time,
        tracks: row.tracks.map((track) => ({ id: track.id, name: titles.get(track.id) ?? '' })),
      }));
    },

    /** Those of `ids` that are sessions of the event (people assigned to sessions, issue 15). */
    sessionIdsOf: async (eventId: string, ids: readonly string[], tx?: Executor) =>
      (await agenda.broadcastsAmong(eventId, ids, tx)).map((row) => row.id),
  };
}

async function copyProgramme(
  agenda: AgendaRepository,
  sourceEventId: string,
  targetEventId: string,
  shiftMs: number,
  tx: Executor,
): Promise<Map<string, string>> {
  const source = await agenda.programmeOf(sourceEventId, tx);
  const newIds = new Map<string, string>();
  const renew = (id: string) => {
    const fresh = randomUUID();
    newIds.set(id, fresh);
    return fresh;
  };
  const shift = (at: Date) => new Date(at.getTime() + shiftMs);
  const tracks = source.tracks.map((track) => ({
    id: renew(track.id),
    event_id: targetEventId,
    title: track.title,
    sort_priority: track.sort_priority,
  }));
  const broadcasts = source.broadcasts.map((session) => ({
    id: renew(session.id),
    event_id: targetEventId,
    title: session.title,
    description: session.description,
    start_time: shift(session.start_time),
    end_time: shift(session.end_time),
    broadcast_type: session.broadcast_type,
    simulive_test_run_end_time: null,
    test_simulive_processing_state: null,
  }));
  const to = (id: string) => newIds.get(id)!;
  await agenda.insertCopy(
    {
      tracks,
      broadcasts,
      videos: source.videos.map((video) => ({ ...video, broadcast_id: to(video.broadcast_id) })),
      broadcastTracks: source.broadcastTracks.map((link) => ({
        broadcast_id: to(link.broadcast_id),
        track_id: to(link.track_id),
      })),
      items: source.items.map((item) => ({
        id: renew(item.id),
        event_id: targetEventId,
        track_id: to(item.track_id),
        kind: item.kind,
        broadcast_id: item.broadcast_id && to(item.broadcast_id),
        title: item.title,
        start_time: shift(item.start_time),
        end_time: shift(item.end_time),
      })),
    },
    tx,
  );
  return newIds;
}

export type AgendaService = ReturnType<typeof createAgendaService>;
