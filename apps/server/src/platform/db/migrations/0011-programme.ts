import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * The programme of an event (spec 001 §3, 002 §3.6): tracks, sessions (broadcasts) with their
 * library videos in play order, and the agenda's blocks (a session, a break, a room or a booth)
 * in a track. Deleting the event removes all of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);
  const event = (c: ColumnDefinitionBuilder) => c.notNull().references('events.id').onDelete('cascade');
  await db.schema
    .createTable('tracks')
    .addColumn('id', 'uuid', id)
    .addColumn('event_id', 'uuid', event)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort_priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('tracks_event_idx')
    .on('tracks')
    .columns(['event_id', 'sort_priority'])
    .execute();

  await db.schema
    .createTable('broadcasts')
    .addColumn('id', 'uuid', id)
    .addColumn('event_id', 'uuid', event)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('broadcast_type', 'text', (c) => c.notNull())
    .addColumn('is_live', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('simulive_test_run_end_time', 'timestamptz')
    .addColumn('test_simulive_processing_state', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('broadcasts_event_idx')
    .on('broadcasts')
    .columns(['event_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('broadcast_videos')
    .addColumn('broadcast_id', 'uuid', (c) => c.notNull().references('broadcasts.id').onDelete('cascade'))
    // The library refuses to delete a video a session uses (409 VIDEO_IN_USE); an organisation's
    // removal takes both.
    .addColumn('video_asset_id', 'uuid', (c) => c.notNull().references('video_assets.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('broadcast_videos_pk', ['broadcast_id', 'video_asset_id'])
    .execute();
  await db.schema
    .createIndex('broadcast_videos_asset_idx')
    .on('broadcast_videos')
    .column('video_asset_id')
    .execute();

  await db.schema
    .createTable('agenda_items')
    .addColumn('id', 'uuid', id)
    .addColumn('event_id', 'uuid', event)
    .addColumn('track_id', 'uuid', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('broadcast_id', 'uuid', (c) => c.references('broadcasts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('agenda_items_session_track_unique', ['broadcast_id', 'track_id'])
    .execute();
  await db.schema
    .createIndex('agenda_items_event_idx')
    .on('agenda_items')
    .columns(['event_id', 'start_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['agenda_items', 'broadcast_videos', 'broadcasts', 'tracks'])
    await db.schema.dropTable(table).execute();
}
