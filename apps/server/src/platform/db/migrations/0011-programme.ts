import { sql, type Kysely } from 'kysely';

/**
 * The programme's core (issue 14): sessions (broadcasts), tracks, the session's ordered library
 * videos and its tracks, and agenda items. Everything hangs off an event and goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort_priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index tracks_event_idx on tracks (event_id, sort_priority, created_at)`.execute(db);

  await db.schema
    .createTable('broadcasts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
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
  await sql`create index broadcasts_event_idx on broadcasts (event_id, start_time)`.execute(db);

  // A video in use cannot be deleted (the library asks the usage providers first): no cascade.
  await db.schema
    .createTable('broadcast_videos')
    .addColumn('broadcast_id', 'uuid', (c) => c.notNull().references('broadcasts.id').onDelete('cascade'))
    .addColumn('video_asset_id', 'uuid', (c) => c.notNull().references('video_assets.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('broadcast_videos_pkey', ['broadcast_id', 'video_asset_id'])
    .execute();
  await sql`create index broadcast_videos_asset_idx on broadcast_videos (video_asset_id)`.execute(db);

  await db.schema
    .createTable('broadcast_tracks')
    .addColumn('broadcast_id', 'uuid', (c) => c.notNull().references('broadcasts.id').onDelete('cascade'))
    .addColumn('track_id', 'uuid', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('broadcast_tracks_pkey', ['broadcast_id', 'track_id'])
    .execute();
  await sql`create index broadcast_tracks_track_idx on broadcast_tracks (track_id)`.execute(db);

  await db.schema
    .createTable('agenda_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('track_id', 'uuid', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('broadcast_id', 'uuid', (c) => c.references('broadcasts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index agenda_items_event_idx on agenda_items (event_id, start_time)`.execute(db);
  await sql`create index agenda_items_track_idx on agenda_items (track_id)`.execute(db);
  // A session appears at most once in a track.
  await sql`create unique index agenda_items_track_broadcast_key on agenda_items (track_id, broadcast_id) where broadcast_id is not null`.execute(
    db,
  );
  await sql`create index agenda_items_broadcast_idx on agenda_items (broadcast_id) where broadcast_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['agenda_items', 'broadcast_tracks', 'broadcast_videos', 'broadcasts', 'tracks'])
    await db.schema.dropTable(table).execute();
}
