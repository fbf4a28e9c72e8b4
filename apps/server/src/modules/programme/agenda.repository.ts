import { sql } from 'kysely';
import type { AgendaItemKind, BroadcastType, SessionVideo } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { EventCopy } from '../back-office/event-copy.ts';
import { eventsReadModel } from '../back-office/back-office.read-model.ts';
import { videoLibraryReadModel } from '../video-library/video-library.read-model.ts';

export interface BroadcastRecord {
  id: string;
  event_id: string;
  title: string;
  description: string;
  start_time: Date;
  end_time: Date;
  broadcast_type: BroadcastType;
  is_live: boolean;
  simulive_test_run_end_time: Date | null;
  test_simulive_processing_state: string | null;
  created_at: Date;
  updated_at: Date;
  videos: SessionVideo[];
  track_ids: string[];
}

export interface TrackRecord {
  id: string;
  event_id: string;
  title: string;
  sort_priority: number;
  item_ids: string | null;
}

export interface AgendaItemRecord {
  id: string;
  event_id: string;
  track_id: string;
  kind: AgendaItemKind;
  broadcast_id: string | null;
  title: string;
  start_time: Date;
  end_time: Date;
}

export interface BroadcastChanges {
  title?: string | undefined;
  description?: string | undefined;
  start_time?: Date | undefined;
  end_time?: Date | undefined;
  broadcast_type?: BroadcastType | undefined;
}

const itemColumns = [
  'agenda_items.id',
  'agenda_items.event_id',
  'agenda_items.track_id',
  'agenda_items.kind',
  'agenda_items.broadcast_id',
  'agenda_items.title',
  'agenda_items.start_time',
  'agenda_items.end_time',
] as const;

/** All SQL of the agenda: tracks, sessions with their videos, and the blocks of each track. */
export function createAgendaRepository(db: Executor) {
  const broadcasts = (tx: Executor) =>
    tx
      .selectFrom('broadcasts')
      .selectAll('broadcasts')
      .select([
        sql<
          SessionVideo[]
        >`(select coalesce(json_agg(${videoLibraryReadModel.summaryOf('broadcast_videos.video_asset_id')}
          order by broadcast_videos.position), '[]') from broadcast_videos
          where broadcast_videos.broadcast_id = broadcasts.id)`.as('videos'),
        sql<string[]>`(select coalesce(json_agg(distinct agenda_items.track_id), '[]') from agenda_items
          where agenda_items.broadcast_id = broadcasts.id)`.as('track_ids'),
      ]);
  const tracks = (tx: Executor) =>
    tx
      .selectFrom('tracks')
      .select(['tracks.id', 'tracks.event_id', 'tracks.title', 'tracks.sort_priority'])
      .select(
        sql<
          string | null
        >`(select string_agg(agenda_items.id::text, ',' order by agenda_items.start_time, agenda_items.id)
          from agenda_items where agenda_items.track_id = tracks.id)`.as('item_ids'),
      );

  return {
    broadcastsOf: (eventId: string, tx: Executor = db): Promise<BroadcastRecord[]> =>
      broadcasts(tx).where('broadcasts.event_id', '=', eventId).orderBy('start_time').orderBy('id').execute(),

    broadcast: (id: string, tx: Executor = db): Promise<BroadcastRecord | undefined> =>
      broadcasts(tx).where('broadcasts.id', '=', id).executeTakeFirst(),

    countBroadcasts: async (eventId: string, tx: Executor = db): Promise<number> =>
      Number(
        (
          await tx
            .selectFrom('broadcasts')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('event_id', '=', eventId)
            .executeTakeFirstOrThrow()
        ).count,
      ),

    async insertBroadcast(
      row: Required<BroadcastChanges> & { event_id: string },
      tx: Executor,
    ): Promise<string> {
      return (await tx.insertInto('broadcasts').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async updateBroadcast(id: string, changes: BroadcastChanges, tx: Executor): Promise<void> {
      await tx
        .updateTable('broadcasts')
        .set({ ...changes, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async deleteBroadcast(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('broadcasts').where('id', '=', id).execute();
    },

    /** The session's videos, in this order. */
    async setVideos(broadcastId: string, assetIds: readonly string[], tx: Executor): Promise<void> {
      await tx.deleteFrom('broadcast_videos').where('broadcast_id', '=', broadcastId).execute();
      if (assetIds.length > 0)
        await tx
          .insertInto('broadcast_videos')
          .values(
            assetIds.map((video_asset_id, position) => ({
              broadcast_id: broadcastId,
              video_asset_id,
              position,
            })),
          )
          .execute();
    },

    tracksOf: (eventId: string, tx: Executor = db): Promise<TrackRecord[]> =>
      tracks(tx)
        .where('tracks.event_id', '=', eventId)
        .orderBy('sort_priority')
        .orderBy('created_at')
        .execute(),

    track: (id: string, tx: Executor = db): Promise<TrackRecord | undefined> =>
      tracks(tx).where('tracks.id', '=', id).executeTakeFirst(),

    async insertTrack(row: { event_id: string; title: string; sort_priority: number }, tx: Executor = db) {
      return (await tx.insertInto('tracks').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async updateTrack(
      id: string,
      changes: { title?: string | undefined; sort_priority?: number | undefined },
      tx: Executor = db,
    ) {
      await tx.updateTable('tracks').set(changes).where('id', '=', id).execute();
    },

    async deleteTrack(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('tracks').where('id', '=', id).execute();
    },

    itemsOf: (eventId: string, tx: Executor = db): Promise<AgendaItemRecord[]> =>
      tx
        .selectFrom('agenda_items')
        .select(itemColumns)
        .where('agenda_items.event_id', '=', eventId)
        .orderBy('start_time')
        .orderBy('id')
        .execute(),

    item: (id: string, tx: Executor = db): Promise<AgendaItemRecord | undefined> =>
      tx.selectFrom('agenda_items').select(itemColumns).where('id', '=', id).executeTakeFirst(),

    async insertItem(row: Omit<AgendaItemRecord, 'id'>, tx: Executor = db): Promise<string> {
      return (await tx.insertInto('agenda_items').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async updateItem(
      id: string,
      changes: Partial<Pick<AgendaItemRecord, 'track_id' | 'title' | 'start_time' | 'end_time'>>,
      tx: Executor = db,
    ): Promise<void> {
      await tx.updateTable('agenda_items').set(changes).where('id', '=', id).execute();
    },

    async deleteItem(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('agenda_items').where('id', '=', id).execute();
    },

    /** A session's blocks follow its title and times. */
    async syncSessionItems(
      broadcast: { id: string; title: string; start_time: Date; end_time: Date },
      tx: Executor,
    ) {
      await tx
        .updateTable('agenda_items')
        .set({ title: broadcast.title, start_time: broadcast.start_time, end_time: broadcast.end_time })
        .where('broadcast_id', '=', broadcast.id)
        .execute();
    },

    /** The tracks of `trackIds` that belong to the event. */
    async tracksAmong(eventId: string, trackIds: readonly string[], tx: Executor = db): Promise<string[]> {
      if (trackIds.length === 0) return [];
      const rows = await tx
        .selectFrom('tracks')
        .select('id')
        .where('event_id', '=', eventId)
        .where('id', 'in', trackIds)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Event duplication: the source's tracks, sessions (with videos) and blocks, shifted, with new ids. */
    async copy({ sourceEventId, targetEventId, shiftMs, newIds, tx }: EventCopy): Promise<void> {
      const shift = (date: Date) => new Date(date.getTime() + shiftMs);
      for (const track of await tx
        .selectFrom('tracks')
        .selectAll()
        .where('event_id', '=', sourceEventId)
        .execute()) {
        const { id, created_at: _created, ...fields } = track;
        newIds.set(id, await this.insertTrack({ ...fields, event_id: targetEventId }, tx));
      }
      for (const broadcast of await tx
        .selectFrom('broadcasts')
        .selectAll()
        .where('event_id', '=', sourceEventId)
        .execute()) {
        const copyId = await this.insertBroadcast(
          {
            event_id: targetEventId,
            title: broadcast.title,
            description: broadcast.description,
            start_time: shift(broadcast.start_time),
            end_time: shift(broadcast.end_time),
            broadcast_type: broadcast.broadcast_type,
          },
          tx,
        );
        newIds.set(broadcast.id, copyId);
        const videos = await tx
          .selectFrom('broadcast_videos')
          .select('video_asset_id')
          .where('broadcast_id', '=', broadcast.id)
          .orderBy('position')
          .execute();
        await this.setVideos(
          copyId,
          videos.map((video) => video.video_asset_id),
          tx,
        );
      }
      for (const item of await this.itemsOf(sourceEventId, tx))
        newIds.set(
          item.id,
          await this.insertItem(
            {
              event_id: targetEventId,
              track_id: newIds.get(item.track_id)!,
              kind: item.kind,
              broadcast_id: item.broadcast_id && newIds.get(item.broadcast_id)!,
              title: item.title,
              start_time: shift(item.start_time),
              end_time: shift(item.end_time),
            },
            tx,
          ),
        );
    },

    /** Library usage (spec 000 §3): the events whose sessions play these videos, oldest first. */
    async sessionUsages(organizationId: string, assetIds: readonly string[]) {
      return db
        .selectFrom('broadcast_videos')
        .innerJoin('broadcasts', 'broadcasts.id', 'broadcast_videos.broadcast_id')
        .select([
          'broadcast_videos.video_asset_id',
          'broadcasts.event_id',
          eventsReadModel.summaryOf('broadcasts.event_id').as('event'),
        ])
        .where('broadcast_videos.video_asset_id', 'in', assetIds)
        .where(eventsReadModel.isOfOrganization('broadcasts.event_id', organizationId))
        .orderBy('broadcasts.created_at')
        .execute();
    },
  };
}

export type AgendaRepository = ReturnType<typeof createAgendaRepository>;
