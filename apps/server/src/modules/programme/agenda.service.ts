import {
  accessMessages,
  agendaMessages,
  agendaPlanFeature,
  dayIn,
  overlapsByTrack,
  planAllows,
  type AgendaItem,
  type Broadcast,
  type BroadcastType,
  type BulkTracksRequest,
  type CreateAgendaItemRequest,
  type CreateBroadcastRequest,
  type Permission,
  type Track,
  type UpdateAgendaItemRequest,
  type UpdateBroadcastRequest,
  type VideoUsageEntry,
} from '@studio/domain';
import { z } from 'zod';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import { sanitizeRichText } from '../../platform/http/rich-text.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { AreaEvent } from '../back-office/events/events.service.ts';
import type {
  AgendaItemRecord,
  AgendaRepository,
  BroadcastRecord,
  TrackRecord,
} from './agenda.repository.ts';

export interface AgendaDeps {
  db: Executor;
  agenda: AgendaRepository;
  /** The events area: the event the caller may work on with this permission, else 403/404. */
  eventFor(caller: Caller, eventId: string, permission: Permission): Promise<AreaEvent>;
  /** The library: a video's transcode status when it is the organisation's; undefined otherwise. */
  videoStatus(organizationId: string, assetId: string): Promise<string | undefined>;
  realtime: Pick<Realtime, 'publish'>;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const isUuid = (value: string) => z.uuid().safeParse(value).success;

export const toBroadcast = (row: BroadcastRecord): Broadcast => ({
  id: row.id,
  event: row.event_id,
  title: row.title,
  description: row.description,
  start_time: row.start_time.toISOString(),
  end_time: row.end_time.toISOString(),
  broadcast_type: row.broadcast_type,
  is_live: row.is_live,
  simulive_test_run_end_time: iso(row.simulive_test_run_end_time),
  test_simulive_processing_state:
    row.test_simulive_processing_state as Broadcast['test_simulive_processing_state'],
  video_assets: row.videos,
  speakers: [],
  tracks: row.track_ids,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const toTrack = (row: TrackRecord): Track => ({
  id: row.id,
  event: row.event_id,
  title: row.title,
  sort_priority: row.sort_priority,
  agenda_items: row.item_ids ?? '',
});

const toItems = (rows: AgendaItemRecord[]): AgendaItem[] => {
  const overlaps = overlapsByTrack(rows.map((row) => ({ ...row, track: row.track_id })));
  return rows.map((row) => ({
    id: row.id,
    event: row.event_id,
    track: row.track_id,
    kind: row.kind,
    broadcast: row.broadcast_id,
    title: row.title,
    start_time: row.start_time.toISOString(),
    end_time: row.end_time.toISOString(),
    overlaps: overlaps.get(row.id) ?? [],
  }));
};

/**
 * Sessions (broadcasts), tracks and agenda blocks of an event (spec 001 §2.5, §3, §7 Agenda):
 * every write is one transaction, checked against the event's window and plan, and announced to
 * the event's open studios (`broadcast-updated`, `agenda-item-updated`) once committed.
 */
export function createAgendaService(deps: AgendaDeps) {
  const { db, agenda } = deps;

  function requirePlan(event: AreaEvent, features: ReturnType<typeof agendaPlanFeature>): void {
    if (event.pricing && features.some((feature) => !planAllows(event.pricing!, feature)))
      throw new HttpError(403, 'FEATURE_NOT_ENABLED', accessMessages.featureNotEnabled);
  }

  function checkWindow(event: AreaEvent, start: Date, end: Date): void {
    if (start < event.start || start > event.end) throw fieldError('start_time', agendaMessages.outsideEvent);
    if (end > event.end) throw fieldError('end_time', agendaMessages.outsideEvent);
    if (end <= start) throw fieldError('end_time', agendaMessages.endBeforeStart);
  }

  const laterDay = (event: AreaEvent, start: Date) =>
    dayIn(start, event.timezone) !== dayIn(event.start, event.timezone);

  async function checkVideos(
    event: AreaEvent,
    type: BroadcastType,
    assetIds: readonly string[],
  ): Promise<void> {
    if (assetIds.length === 0) return;
    if (type !== 'SIMULIVE') throw fieldError('video_assets', agendaMessages.videosOnlyPrerecorded);
    for (const assetId of assetIds) {
      const status = await deps.videoStatus(event.organizationId, assetId);
      if (status === undefined) throw fieldError('video_assets', agendaMessages.videoNotOfOrganization);
      if (status !== 'COMPLETE') throw fieldError('video_assets', agendaMessages.videoNotProcessed);
    }
  }

  async function checkTracks(event: AreaEvent, trackIds: readonly string[], field: string, tx?: Executor) {
    const unique = [...new Set(trackIds)];
    if ((await agenda.tracksAmong(event.id, unique, tx)).length !== unique.length)
      throw fieldError(field, agendaMessages.trackOfAnotherEvent);
    return unique;
  }

  /** The object's event, for the caller with the permission; an unknown or foreign object is 404. */
  async function eventOf<T extends { event_id: string }>(
    caller: Caller,
    find: () => Promise<T | undefined>,
    permission: Permission,
  ): Promise<{ event: AreaEvent; object: T }> {
    const object = await find();
    if (!object) throw notFound();
    return { event: await deps.eventFor(caller, object.event_id, permission), object };
  }

  const byId =
    <T>(load: (id: string) => Promise<T | undefined>) =>
    (id: string) =>
      isUuid(id) ? load(id) : Promise.resolve(undefined);
  const findBroadcast = byId((id) => agenda.broadcast(id));
  const findTrack = byId((id) => agenda.track(id));
  const findItem = byId((id) => agenda.item(id));

  async function announce(
    event: AreaEvent,
    changes: { broadcasts?: string[]; items?: string[]; deleted?: boolean },
  ) {
    const eventId = event.id;
    for (const id of changes.broadcasts ?? [])
      await deps.realtime.publish(
        event.organizationId,
        { type: 'broadcast-updated', data: { eventId, id, ...(changes.deleted ? { deleted: true } : {}) } },
        { eventId },
      );
    for (const id of changes.items ?? [])
      await deps.realtime.publish(
        event.organizationId,
        { type: 'agenda-item-updated', data: { eventId, id, ...(changes.deleted ? { deleted: true } : {}) } },
        { eventId },
      );
  }

  /** One block with the overlaps of its track, as the list shows it. */
  async function itemAnswer(event: AreaEvent, id: string): Promise<AgendaItem> {
    const found = toItems(await agenda.itemsOf(event.id)).find((item) => item.id === id);
    if (!found) throw notFound();
    return found;
  }

  async function broadcastAnswer(id: string): Promise<Broadcast> {
    const row = await agenda.broadcast(id);
    if (!row) throw notFound();
    return toBroadcast(row);
  }

  /** The session blocks of a session's tracks: new tracks get a block, dropped ones lose theirs. */
  async function placeSession(
    broadcast:
      BroadcastRecord | { id: string; event_id: string; title: string; start_time: Date; end_time: Date },
    trackIds: string[],
    tx: Executor,
  ) {
    const items = (await agenda.itemsOf(broadcast.event_id, tx)).filter(
      (item) => item.broadcast_id === broadcast.id,
    );
    const touched: string[] = [];
    for (const item of items)
      if (!trackIds.includes(item.track_id)) {
        await agenda.deleteItem(item.id, tx);
        touched.push(item.id);
      }
    for (const trackId of trackIds)
      if (!items.some((item) => item.track_id === trackId))
        touched.push(
          await agenda.insertItem(
            {
              event_id: broadcast.event_id,
              track_id: trackId,
              kind: 'session',
              broadcast_id: broadcast.id,
              title: broadcast.title,
              start_time: broadcast.start_time,
              end_time: broadcast.end_time,
            },
            tx,
          ),
        );
    return touched;
  }

  return {
    async broadcasts(caller: Caller, eventId: string): Promise<Broadcast[]> {
      const event = await deps.eventFor(caller, eventId, 'event:read');
      return (await agenda.broadcastsOf(event.id)).map(toBroadcast);
    },

    async broadcast(caller: Caller, id: string): Promise<Broadcast> {
      const { object } = await eventOf(caller, () => findBroadcast(id), 'event:read');
      return toBroadcast(object);
    },

    async createBroadcast(caller: Caller, request: CreateBroadcastRequest): Promise<Broadcast> {
      const event = await deps.eventFor(caller, request.event, 'event:update');
      checkWindow(event, request.start_time, request.end_time);
      const videos = request.video_assets ?? [];
      await checkVideos(event, request.broadcast_type, videos);
      const { id, items } = await db.transaction().execute(async (tx) => {
        requirePlan(
          event,
          agendaPlanFeature({
            broadcastType: request.broadcast_type,
            sessionsBefore: await agenda.countBroadcasts(event.id, tx),
            laterDay: laterDay(event, request.start_time),
          }),
        );
        const trackIds = await checkTracks(event, request.tracks ?? [], 'tracks', tx);
        const fields = {
          event_id: event.id,
          title: request.title,
          description: sanitizeRichText(request.description ?? ''),
          start_time: request.start_time,
          end_time: request.end_time,
          broadcast_type: request.broadcast_type,
        };
        const broadcastId = await agenda.insertBroadcast(fields, tx);
        await agenda.setVideos(broadcastId, videos, tx);
        return { id: broadcastId, items: await placeSession({ ...fields, id: broadcastId }, trackIds, tx) };
      });
      await announce(event, { broadcasts: [id], items });
      return broadcastAnswer(id);
    },

    async updateBroadcast(caller: Caller, id: string, request: UpdateBroadcastRequest): Promise<Broadcast> {
      const { event, object: current } = await eventOf(caller, () => findBroadcast(id), 'event:update');
      const start = request.start_time ?? current.start_time;
      const end = request.end_time ?? current.end_time;
      checkWindow(event, start, end);
      const type = request.broadcast_type ?? current.broadcast_type;
      const videos = request.video_assets ?? current.videos.map((video) => video.id);
      if (request.video_assets) await checkVideos(event, type, videos);
      else if (videos.length > 0 && type !== 'SIMULIVE')
        throw fieldError('video_assets', agendaMessages.videosOnlyPrerecorded);
      requirePlan(
        event,
        agendaPlanFeature({
          broadcastType: type === current.broadcast_type ? undefined : type,
          laterDay: laterDay(event, start),
        }),
      );
      const items = await db.transaction().execute(async (tx) => {
        const title = request.title ?? current.title;
        await agenda.updateBroadcast(
          id,
          {
            title,
            description:
              request.description === undefined ? undefined : sanitizeRichText(request.description),
            start_time: start,
            end_time: end,
            broadcast_type: type,
          },
          tx,
        );
        await agenda.syncSessionItems({ id, title, start_time: start, end_time: end }, tx);
        if (request.video_assets) await agenda.setVideos(id, videos, tx);
        const placed = request.tracks
          ? await placeSession(
              { id, event_id: event.id, title, start_time: start, end_time: end },
              await checkTracks(event, request.tracks, 'tracks', tx),
              tx,
            )
          : [];
        const mine = (await agenda.itemsOf(event.id, tx)).filter((item) => item.broadcast_id === id);
        return [...new Set([...placed, ...mine.map((item) => item.id)])];
      });
      await announce(event, { broadcasts: [id], items });
      return broadcastAnswer(id);
    },

    async deleteBroadcast(caller: Caller, id: string): Promise<void> {
      const { event } = await eventOf(caller, () => findBroadcast(id), 'event:update');
      const items = (await agenda.itemsOf(event.id)).filter((item) => item.broadcast_id === id);
      await agenda.deleteBroadcast(id);
      await announce(event, { broadcasts: [id], items: items.map((item) => item.id), deleted: true });
    },

    async tracks(caller: Caller, eventId: string): Promise<Track[]> {
      const event = await deps.eventFor(caller, eventId, 'event:read');
      return (await agenda.tracksOf(event.id)).map(toTrack);
    },

    async createTrack(
      caller: Caller,
      request: { event: string; title: string; sort_priority?: number | undefined },
    ) {
      const event = await deps.eventFor(caller, request.event, 'event:update');
      const id = await db.transaction().execute(async (tx) => {
        const existing = await agenda.tracksOf(event.id, tx);
        requirePlan(event, agendaPlanFeature({ tracksBefore: existing.length }));
        const last = existing.at(-1)?.sort_priority ?? -1;
        return agenda.insertTrack(
          { event_id: event.id, title: request.title, sort_priority: request.sort_priority ?? last + 1 },
          tx,
        );
      });
      await announce(event, { items: [id] });
      return toTrack((await agenda.track(id))!);
    },

    async updateTrack(
      caller: Caller,
      id: string,
      request: { title?: string | undefined; sort_priority?: number | undefined },
    ) {
      const { event } = await eventOf(caller, () => findTrack(id), 'event:update');
      await agenda.updateTrack(id, request);
      await announce(event, { items: [id] });
      return toTrack((await agenda.track(id))!);
    },

    /** Every track of the event renamed and reordered in one transaction (spec 001 §7). */
    async bulkTracks(caller: Caller, request: BulkTracksRequest): Promise<Track[]> {
      const event = await deps.eventFor(caller, request.event, 'event:update');
      const ids = request.tracks.map((track) => track.id);
      await db.transaction().execute(async (tx) => {
        const existing = (await agenda.tracksOf(event.id, tx)).map((track) => track.id);
        if (ids.some((trackId) => !existing.includes(trackId)))
          throw fieldError('tracks', agendaMessages.reorderUnknown);
        if (new Set(ids).size !== ids.length || ids.length !== existing.length)
          throw fieldError('tracks', agendaMessages.reorderIncomplete);
        for (const track of request.tracks)
          await agenda.updateTrack(track.id, { title: track.title, sort_priority: track.sort_priority }, tx);
      });
      await announce(event, { items: ids });
      return (await agenda.tracksOf(event.id)).map(toTrack);
    },

    async deleteTrack(caller: Caller, id: string): Promise<void> {
      const { event } = await eventOf(caller, () => findTrack(id), 'event:update');
      await agenda.deleteTrack(id);
      await announce(event, { items: [id], deleted: true });
    },

    async items(caller: Caller, eventId: string): Promise<AgendaItem[]> {
      const event = await deps.eventFor(caller, eventId, 'event:read');
      return toItems(await agenda.itemsOf(event.id));
    },

    async createItem(caller: Caller, request: CreateAgendaItemRequest): Promise<AgendaItem> {
      const event = await deps.eventFor(caller, request.event, 'event:update');
      const id = await db.transaction().execute(async (tx) => {
        await checkTracks(event, [request.track], 'track', tx);
        let fields: Pick<AgendaItemRecord, 'title' | 'start_time' | 'end_time' | 'broadcast_id'>;
        if (request.kind === 'session') {
          const broadcast = request.broadcast ? await agenda.broadcast(request.broadcast, tx) : undefined;
          if (!request.broadcast) throw fieldError('broadcast', agendaMessages.sessionNeedsBroadcast);
          if (broadcast?.event_id !== event.id)
            throw fieldError('broadcast', agendaMessages.broadcastOfAnotherEvent);
          if (broadcast.track_ids.includes(request.track))
            throw fieldError('track', agendaMessages.sessionInTrack);
          fields = { ...broadcast, broadcast_id: broadcast.id };
        } else {
          if (!request.title) throw fieldError('title', agendaMessages.titleRequired);
          if (!request.start_time) throw fieldError('start_time', agendaMessages.timeRequired);
          if (!request.end_time) throw fieldError('end_time', agendaMessages.timeRequired);
          checkWindow(event, request.start_time, request.end_time);
          fields = {
            title: request.title,
            start_time: request.start_time,
            end_time: request.end_time,
            broadcast_id: null,
          };
        }
        return agenda.insertItem(
          {
            event_id: event.id,
            track_id: request.track,
            kind: request.kind,
            title: fields.title,
            start_time: fields.start_time,
            end_time: fields.end_time,
            broadcast_id: fields.broadcast_id,
          },
          tx,
        );
      });
      const broadcasts = request.kind === 'session' && request.broadcast ? [request.broadcast] : [];
      await announce(event, { items: [id], broadcasts });
      return itemAnswer(event, id);
    },

    async updateItem(caller: Caller, id: string, request: UpdateAgendaItemRequest): Promise<AgendaItem> {
      const { event, object: current } = await eventOf(caller, () => findItem(id), 'event:update');
      const start = request.start_time ?? current.start_time;
      const end = request.end_time ?? current.end_time;
      checkWindow(event, start, end);
      const broadcasts = await db.transaction().execute(async (tx) => {
        if (request.track && request.track !== current.track_id) {
          await checkTracks(event, [request.track], 'track', tx);
          if (current.broadcast_id) {
            const session = await agenda.broadcast(current.broadcast_id, tx);
            if (session?.track_ids.includes(request.track))
              throw fieldError('track', agendaMessages.sessionInTrack);
          }
        }
        await agenda.updateItem(
          id,
          { track_id: request.track, title: request.title, start_time: start, end_time: end },
          tx,
        );
        // A session block's title and times are its session's: the session and its other blocks follow.
        if (!current.broadcast_id) return [];
        const title = request.title ?? current.title;
        await agenda.updateBroadcast(current.broadcast_id, { title, start_time: start, end_time: end }, tx);
        await agenda.syncSessionItems(
          { id: current.broadcast_id, title, start_time: start, end_time: end },
          tx,
        );
        return [current.broadcast_id];
      });
      await announce(event, { items: [id], broadcasts });
      return itemAnswer(event, id);
    },

    async deleteItem(caller: Caller, id: string): Promise<void> {
      const { event } = await eventOf(caller, () => findItem(id), 'event:update');
      await agenda.deleteItem(id);
      await announce(event, { items: [id], deleted: true });
    },

    /** Library usage (spec 000 §3 "Usage entry"): one EVENT entry per event whose sessions play the video. */
    async usagesOf(
      organizationId: string,
      assetIds: readonly string[],
    ): Promise<Map<string, VideoUsageEntry[]>> {
      const usages = new Map<string, VideoUsageEntry[]>();
      for (const row of await agenda.sessionUsages(organizationId, assetIds)) {
        const entries = usages.get(row.video_asset_id) ?? [];
        if (entries.some((entry) => entry.entity_id === row.event_id)) continue;
        entries.push({
          entity_id: row.event_id,
          entity_title: row.event.title,
          entity_subtype: row.event.event_type.toUpperCase(),
          entity_type: 'EVENT',
          entity_created_date: new Date(row.event.created_at).toISOString(),
        });
        usages.set(row.video_asset_id, entries);
      }
      return usages;
    },
  };
}

export type AgendaService = ReturnType<typeof createAgendaService>;
