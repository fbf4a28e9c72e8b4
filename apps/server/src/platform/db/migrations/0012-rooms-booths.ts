import { sql, type Kysely } from 'kysely';

/**
 * Rooms, booths and their resources (issue 14 items 5–6), and the minimal event roles (a sponsor
 * is one). Everything hangs off an event and goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_roles')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_roles_pkey', ['event_id', 'user_id', 'role'])
    .execute();
  await sql`create index event_roles_user_idx on event_roles (user_id, role)`.execute(db);

  await db.schema
    .createTable('rooms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capacity', 'integer')
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_breakout', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_booth', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index rooms_event_idx on rooms (event_id, rank, created_at)`.execute(db);

  // A hero video in use cannot be deleted (the library asks the usage providers first): no cascade.
  await db.schema
    .createTable('booths')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('booth_type', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hero_asset_type', 'text')
    .addColumn('hero_image_url', 'text')
    .addColumn('hero_video_asset_id', 'uuid', (c) => c.references('video_assets.id'))
    .addColumn('poster', 'text')
    .addColumn('discussion_groups', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index booths_event_idx on booths (event_id, booth_type, rank, created_at)`.execute(db);
  await sql`create index booths_owner_idx on booths (owner_id) where owner_id is not null`.execute(db);
  await sql`create index booths_hero_video_idx on booths (hero_video_asset_id) where hero_video_asset_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('booth_resources')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('booth_id', 'uuid', (c) => c.notNull().references('booths.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index booth_resources_booth_idx on booth_resources (booth_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['booth_resources', 'booths', 'rooms', 'event_roles'])
    await db.schema.dropTable(table).execute();
}
