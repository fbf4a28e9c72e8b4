import type { Kysely } from 'kysely';

/**
 * The programme's lookups by event, track and video (migration 0011 had only primary keys): an
 * event's lists, a track's blocks, and the library's "where is this video used".
 */
const indexes = [
  ['broadcasts_event_idx', 'broadcasts', ['event_id', 'start_time']],
  ['tracks_event_idx', 'tracks', ['event_id', 'sort_priority']],
  ['agenda_items_event_idx', 'agenda_items', ['event_id', 'start_time']],
  ['agenda_items_track_idx', 'agenda_items', ['track_id', 'start_time']],
  ['broadcast_videos_asset_idx', 'broadcast_videos', ['video_asset_id']],
  ['broadcast_tracks_track_idx', 'broadcast_tracks', ['track_id']],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of indexes)
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on(table)
      .columns([...columns])
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).ifExists().execute();
}
