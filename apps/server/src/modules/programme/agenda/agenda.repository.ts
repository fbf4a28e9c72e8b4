import { sql, type Insertable, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { isUuid } from '../../../platform/db/uuid.ts';
import { videoLibraryReadModel } from '../../video-library/video-library.read-model.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import type { AgendaItemTable, BroadcastTable, TrackTable } from './agenda.tables.ts';

export type NewBroadcastRow = Insertable<BroadcastTable>;
export type BroadcastChanges = Updateable<BroadcastTable>;
export type NewAgendaItemRow = Insertable<AgendaItemTable>;
export type AgendaItemChanges = Updateable<AgendaItemTable>;

/** The only code that touches sessions, tracks and agenda items. */
export function createAgendaRepository(db: Executor) {
  /** Sessions with their videos (in order, as the library describes them) and track ids. */
  const broadcasts = (tx: Executor) =>
    tx
      .selectFrom('broadcasts')
      .selectAll('broadcasts')
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('broadcast_videos')
            .select(videoLibraryReadModel.summaryOf('broadcast_videos.video_asset_id').as('video'))
            .whereRef('broadcast_videos.broadcast_id', '=', 'broadcasts.id')
            .orderBy('broadcast_videos.position'),
        ).as('videos'),
        jsonArrayFrom(
          eb
            .selectFrom('broadcast_tracks')
            .innerJoin('tracks', 'tracks.id', 'broadcast_tracks.track_id')
            .select('broadcast_tracks.track_id as id')
            .whereRef('broadcast_tracks.broadcast_id', '=', 'broadcasts.id')
            .orderBy('tracks.sort_priority')
            .orderBy('tracks.created_at'),
        ).as('tracks'),
      ]);

  /** The event's sessions by start. */
  const broadcastsInOrder = (tx: Executor, eventId: string) =>
    broadcasts(tx)
      .where('broadcasts.event_id', '=', eventId)
      .orderBy('broadcasts.start_time')
      .orderBy('broadcasts.id');

  const tracks = (tx: Executor) =>
    tx
      .selectFrom('tracks')
      .selectAll('tracks')
      .select(
        sql<string>`coalesce((select string_agg(agenda_items.id::text, ',' order by agenda_items.start_time, agenda_items.id)
          from agenda_items where agenda_items.track_id = tracks.id), '')`.as('agenda_items'),
      );

  /** The event's tracks in their order: sort priority, then creation. */
  const tracksInOrder = (tx: Executor, eventId: string) =>
    tx
      .selectFrom('tracks')
      .where('event_id', '=', eventId)
      .orderBy('sort_priority')
      .orderBy('created_at')
      .orderBy('id');

  const total = sql<string>`count(*) over ()`.as('total');
  const counted = <T extends { total: string }>(rows: T[]) => ({
    count: Number(rows[0]?.total ?? 0),
    rows,
  });

  return {
    /** A page of the event's sessions by start, with the count, in one statement. */
    async broadcastsOf(eventId: string, page: PageRequest, tx: Executor = db) {
      const rows = await broadcastsInOrder(tx, eventId)
        .select(total)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return counted(rows);
    },

    /** Every session of the event by start (the stage reads the whole day). */
    async allBroadcastsOf(eventId: string, tx: Executor = db) {
      return broadcastsInOrder(tx, eventId).execute();
    },

    async findBroadcast(id: string, tx: Executor = db) {
      if (!isUuid(id)) return undefined;
      return broadcasts(tx).where('broadcasts.id', '=', id).executeTakeFirst();
    },

    /**
     * Locks the session's row until `tx` ends (`for no key update`: its blocks and tracks may still
     * point at it), so two changes of its tracks run one after the other.
     */
    async lockBroadcast(id: string, tx: Executor): Promise<void> {
      if (!isUuid(id)) return;
      await tx.selectFrom('broadcasts').select('id').where('id', '=', id).forNoKeyUpdate().execute();
    },

    /** Those of `ids` that are sessions of the event, by start. */
    async broadcastsAmong(eventId: string, ids: readonly string[], tx: Executor = db) {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return broadcastsInOrder(tx, eventId).where('broadcasts.id', 'in', valid).execute();
    },

    async countBroadcasts(eventId: string, tx: Executor = db): Promise<number> {
      const row = await tx
        .selectFrom('broadcasts')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertBroadcast(row: NewBroadcastRow, tx: Executor): Promise<string> {
      const { id } = await tx.insertInto('broadcasts').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async updateBroadcast(id: string, changes: BroadcastChanges, tx: Executor): Promise<void> {
      await tx
        .updateTable('broadcasts')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Starts the session's test run unless one runs; answers whether it started. */
    async startSimuliveTest(id: string, endTime: Date, tx: Executor = db): Promise<boolean> {
      const { numUpdatedRows } = await tx
        .updateTable('broadcasts')
        .set({ simulive_test_run_end_time: endTime, updated_at: new Date() })
        .where('id', '=', id)
        .where('simulive_test_run_end_time', 'is', null)
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    /** Ends the session's test run — only the one ending at `endTime`, when given; answers whether one ended. */
    async endSimuliveTest(id: string, endTime: Date | null, tx: Executor = db): Promise<boolean> {
      const { numUpdatedRows } = await tx
        .updateTable('broadcasts')
        .set({ simulive_test_run_end_time: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('simulive_test_run_end_time', 'is not', null)
        .$if(endTime !== null, (query) => query.where('simulive_test_run_end_time', '=', endTime))
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    async deleteBroadcast(id: string, tx: Executor): Promise<void> {
      await tx.deleteFrom('broadcasts').where('id', '=', id).execute();
    },

    /** The session's videos become exactly these, in this order. */
    async setVideos(broadcastId: string, videoIds: readonly string[], tx: Executor): Promise<void> {
      await tx.deleteFrom('broadcast_videos').where('broadcast_id', '=', broadcastId).execute();
      if (videoIds.length === 0) return;
      await tx
        .insertInto('broadcast_videos')
        .values(videoIds.map((id, position) => ({ broadcast_id: broadcastId, video_asset_id: id, position })))
        .execute();
    },

    async addToTrack(broadcastId: string, trackId: string, tx: Executor): Promise<void> {
      await tx
        .insertInto('broadcast_tracks')
        .values({ broadcast_id: broadcastId, track_id: trackId })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async removeFromTrack(broadcastId: string, trackId: string, tx: Executor): Promise<void> {
      await tx
        .deleteFrom('broadcast_tracks')
        .where('broadcast_id', '=', broadcastId)
        .where('track_id', '=', trackId)
        .execute();
    },

    /** A page of the event's tracks in their order, with the count, in one statement. */
    async tracksOf(eventId: string, page: PageRequest, tx: Executor = db) {
      const rows = await tracks(tx)
        .select(total)
        .where('tracks.event_id', '=', eventId)
        .orderBy('tracks.sort_priority')
        .orderBy('tracks.created_at')
        .orderBy('tracks.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return counted(rows);
    },

    async findTrack(id: string, tx: Executor = db) {
      if (!isUuid(id)) return undefined;
      return tracks(tx).where('tracks.id', '=', id).executeTakeFirst();
    },

    /** The event's tracks' ids and titles, by sort priority (the stage's tracks). */
    async trackTitlesOf(eventId: string): Promise<{ id: string; title: string }[]> {
      return tracksInOrder(db, eventId).select(['id', 'title']).execute();
    },

    /** The event's tracks' ids for checks, first track first. */
    async trackIdsOf(eventId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tracksInOrder(tx, eventId).select('id').execute();
      return rows.map((row) => row.id);
    },

    async insertTrack(row: Insertable<TrackTable>, tx: Executor): Promise<string> {
      const { id } = await tx.insertInto('tracks').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async updateTrack(id: string, changes: Updateable<TrackTable>, tx: Executor): Promise<void> {
      await tx.updateTable('tracks').set(changes).where('id', '=', id).execute();
    },

    async deleteTrack(id: string, tx: Executor): Promise<void> {
      await tx.deleteFrom('tracks').where('id', '=', id).execute();
    },

    /** Every agenda item of the event, by start (overlaps need whole tracks). */
    async itemsOf(eventId: string, tx: Executor = db) {
      return tx
        .selectFrom('agenda_items')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('start_time')
        .orderBy('id')
        .execute();
    },

    async findItem(id: string, tx: Executor = db) {
      if (!isUuid(id)) return undefined;
      return tx.selectFrom('agenda_items').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async itemsOfBroadcast(broadcastId: string, tx: Executor = db) {
      return tx.selectFrom('agenda_items').selectAll().where('broadcast_id', '=', broadcastId).execute();
    },

    async itemsOfTrack(trackId: string, tx: Executor = db) {
      return tx.selectFrom('agenda_items').selectAll().where('track_id', '=', trackId).execute();
    },

    async insertItem(row: NewAgendaItemRow, tx: Executor): Promise<string> {
      const { id } = await tx
        .insertInto('agenda_items')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateItem(id: string, changes: AgendaItemChanges, tx: Executor): Promise<void> {
      await tx.updateTable('agenda_items').set(changes).where('id', '=', id).execute();
    },

    async deleteItem(id: string, tx: Executor): Promise<void> {
      await tx.deleteFrom('agenda_items').where('id', '=', id).execute();
    },

    /** The event's sessions (their videos, tracks and surveys go with them), tracks and blocks. */
    async clear(eventId: string, tx: Executor): Promise<void> {
      await tx.deleteFrom('agenda_items').where('event_id', '=', eventId).execute();
      await tx.deleteFrom('broadcasts').where('event_id', '=', eventId).execute();
      await tx.deleteFrom('tracks').where('event_id', '=', eventId).execute();
    },

    /** A session's blocks follow its title and times. */
    async syncSessionItems(
      broadcastId: string,
      session: { title: string; start_time: Date; end_time: Date },
      tx: Executor,
    ): Promise<void> {
      const { title, start_time, end_time } = session;
      await tx
        .updateTable('agenda_items')
        .set({ title, start_time, end_time })
        .where('broadcast_id', '=', broadcastId)
        .execute();
    },

    /** The sessions that use these videos: (video, event, session), oldest session first. */
    /** The event dashboard's figure: how many sessions, and the library videos they play (first use first). */
    async sessionsSummary(eventId: string, tx: Executor = db) {
      const [sessions, videos] = await Promise.all([
        tx
          .selectFrom('broadcasts')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow(),
        tx
          .selectFrom('broadcast_videos')
          .innerJoin('broadcasts', 'broadcasts.id', 'broadcast_videos.broadcast_id')
          .select(videoLibraryReadModel.summaryOf('broadcast_videos.video_asset_id').as('video'))
          .where('broadcasts.event_id', '=', eventId)
          .orderBy('broadcasts.start_time')
          .orderBy('broadcast_videos.position')
          .execute(),
      ]);
      return {
        count: Number(sessions.count),
        videos: videos.map(({ video }) => ({ id: video.id, title: video.title })),
      };
    },

    /** The library videos the events' sessions play, each once. */
    async videosOfEvents(eventIds: readonly string[], tx: Executor = db): Promise<string[]> {
      if (eventIds.length === 0) return [];
      const rows = await tx
        .selectFrom('broadcast_videos')
        .innerJoin('broadcasts', 'broadcasts.id', 'broadcast_videos.broadcast_id')
        .select('broadcast_videos.video_asset_id')
        .distinct()
        .where('broadcasts.event_id', 'in', eventIds)
        .execute();
      return rows.map((row) => row.video_asset_id);
    },

    async sessionsUsing(assetIds: readonly string[], tx: Executor = db) {
      return tx
        .selectFrom('broadcast_videos')
        .innerJoin('broadcasts', 'broadcasts.id', 'broadcast_videos.broadcast_id')
        .select(['broadcast_videos.video_asset_id', 'broadcasts.event_id', 'broadcasts.id as broadcast_id'])
        .where('broadcast_videos.video_asset_id', 'in', assetIds)
        .orderBy('broadcasts.created_at')
        .execute();
    },

    /** Moves the event's sessions and agenda items by `shiftMs` (a reschedule); answers the sessions' ids. */
    async shiftProgramme(eventId: string, shiftMs: number, tx: Executor): Promise<string[]> {
      const by = sql<Date>`(${shiftMs}::double precision * interval '1 millisecond')`;
      const shifted = { start_time: sql<Date>`start_time + ${by}`, end_time: sql<Date>`end_time + ${by}` };
      await tx.updateTable('agenda_items').set(shifted).where('event_id', '=', eventId).execute();
      const sessions = await tx
        .updateTable('broadcasts')
        .set(shifted)
        .where('event_id', '=', eventId)
        .returning('id')
        .execute();
      return sessions.map((session) => session.id);
    },

    /** The source event's rows, for a copy. */
    async programmeOf(eventId: string, tx: Executor) {
      return {
        tracks: await tx.selectFrom('tracks').selectAll().where('event_id', '=', eventId).execute(),
        broadcasts: await tx.selectFrom('broadcasts').selectAll().where('event_id', '=', eventId).execute(),
        videos: await tx
          .selectFrom('broadcast_videos')
          .innerJoin('broadcasts', 'broadcasts.id', 'broadcast_videos.broadcast_id')
          .selectAll('broadcast_videos')
          .where('broadcasts.event_id', '=', eventId)
          .execute(),
        broadcastTracks: await tx
          .selectFrom('broadcast_tracks')
          .innerJoin('broadcasts', 'broadcasts.id', 'broadcast_tracks.broadcast_id')
          .selectAll('broadcast_tracks')
          .where('broadcasts.event_id', '=', eventId)
          .execute(),
        items: await tx.selectFrom('agenda_items').selectAll().where('event_id', '=', eventId).execute(),
      };
    },

    async insertCopy(
      rows: {
        tracks: Insertable<TrackTable>[];
        broadcasts: NewBroadcastRow[];
        videos: { broadcast_id: string; video_asset_id: string; position: number }[];
        broadcastTracks: { broadcast_id: string; track_id: string }[];
        items: NewAgendaItemRow[];
      },
      tx: Executor,
    ): Promise<void> {
      if (rows.tracks.length) await tx.insertInto('tracks').values(rows.tracks).execute();
      if (rows.broadcasts.length) await tx.insertInto('broadcasts').values(rows.broadcasts).execute();
      if (rows.videos.length) await tx.insertInto('broadcast_videos').values(rows.videos).execute();
      if (rows.broadcastTracks.length)
        await tx.insertInto('broadcast_tracks').values(rows.broadcastTracks).execute();
      if (rows.items.length) await tx.insertInto('agenda_items').values(rows.items).execute();
    },
  };
}

export type AgendaRepository = ReturnType<typeof createAgendaRepository>;
export type BroadcastRecord = NonNullable<Awaited<ReturnType<AgendaRepository['findBroadcast']>>>;
export type TrackRecord = NonNullable<Awaited<ReturnType<AgendaRepository['findTrack']>>>;
export type AgendaItemRecord = NonNullable<Awaited<ReturnType<AgendaRepository['findItem']>>>;
