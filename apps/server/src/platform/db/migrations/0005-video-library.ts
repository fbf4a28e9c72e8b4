import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The job queue's own bookkeeping (pg-boss installs its tables in its `pgboss` schema itself):
  // live workers with their heartbeat, and which worker runs which job.
  await db.schema
    .createTable('job_workers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('job_id', 'uuid', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('worker_id', 'uuid', (c) => c.notNull())
    .addColumn('leased_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Resumable (tus) uploads: who may resume them, and which asset took each one.
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text')
    .addColumn('filetype', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('video_asset_id', 'uuid')
    .execute();
  await db.schema
    .createIndex('uploads_expiry_idx')
    .on('uploads')
    .columns(['completed_at', 'expires_at'])
    .execute();

  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .createTable('video_assets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('set null'))
    // The event the video belongs to (its recording, or uploaded for it): the event, tag and series filters.
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    // What search and the name ordering read: the name in lower case, kept by the database.
    .addColumn('name_search', 'text', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`lower(name)`)
        .stored(),
    )
    .addColumn('description', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('creation_type', 'text', (c) => c.notNull())
    .addColumn('transcode_status', 'text')
    // Transcoder codes of the domain catalogue; the API answers their messages.
    .addColumn('transcoder_warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('transcoder_errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('error_reason', 'text')
    .addColumn('duration', 'double precision')
    .addColumn('upload_id', 'text', (c) => c.unique())
    // Object keys in the store, never machine paths.
    .addColumn('source_key', 'text')
    .addColumn('hls_key', 'text')
    .addColumn('mp4_key', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('thumbnail_from_client', 'boolean', (c) => c.notNull().defaultTo(false))
    // Pipeline bookkeeping: probe facts and the steps already published (each step is idempotent).
    .addColumn('pipeline', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"chapters": []}'::jsonb`))
    .addColumn('transcript', 'jsonb')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Every list is one organisation's, newest first by default; the other orderings and filters
  // each have an index that serves them in order. The default one carries the searchable name,
  // so a search too short for trigrams (1–2 characters) counts and pages from the index alone.
  await sql`create index video_assets_org_created_idx on video_assets (organization_id, created_at desc, id desc) include (name_search)`.execute(
    db,
  );
  await sql`create index video_assets_org_name_idx on video_assets (organization_id, name_search, id)`.execute(
    db,
  );
  await sql`create index video_assets_org_workspace_idx on video_assets (organization_id, workspace_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index video_assets_org_source_idx on video_assets (organization_id, source, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index video_assets_org_creator_idx on video_assets (organization_id, created_by, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index video_assets_org_creation_type_idx on video_assets (organization_id, creation_type, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index video_assets_org_event_idx on video_assets (organization_id, event_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index video_assets_name_trgm_idx on video_assets using gin (name_search gin_trgm_ops)`.execute(
    db,
  );
}
