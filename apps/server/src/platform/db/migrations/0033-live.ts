import { sql, type Kysely } from 'kysely';

/**
 * Live (issue 19): an event's RTMP inputs, each with its channel — a primary and a failover stream
 * key, the channel's state of record, who publishes on each key and when it was last heard — and the
 * channel's segments in playlist order; a session names the input it plays; a live session's
 * recording is made once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rtmp_inputs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('stream_key', 'text', (c) => c.notNull().unique())
    .addColumn('failover_stream_key', 'text', (c) => c.notNull().unique())
    .addColumn('channel_state', 'text', (c) => c.notNull().defaultTo('IDLE'))
    .addColumn('test_run_end_time', 'timestamptz')
    .addColumn('primary_publisher', 'text')
    .addColumn('primary_heard_at', 'timestamptz')
    .addColumn('failover_publisher', 'text')
    .addColumn('failover_heard_at', 'timestamptz')
    .addColumn('channel_error', 'text')
    .addColumn('next_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discontinuities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_source', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rtmp_inputs_event_idx').on('rtmp_inputs').column('event_id').execute();
  await db.schema
    .createTable('live_segments')
    .addColumn('input_id', 'uuid', (c) => c.notNull().references('rtmp_inputs.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('duration', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('discontinuity', 'boolean', (c) => c.notNull())
    .addColumn('discontinuities_before', 'integer', (c) => c.notNull())
    .addColumn('broadcast_id', 'uuid', (c) => c.references('broadcasts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('live_segments_pkey', ['input_id', 'sequence'])
    .execute();
  await db.schema
    .createIndex('live_segments_broadcast_idx')
    .on('live_segments')
    .column('broadcast_id')
    .where(sql.ref('broadcast_id'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('broadcasts')
    .addColumn('rtmp_input_id', 'uuid', (c) => c.references('rtmp_inputs.id'))
    .execute();
  await db.schema
    .createTable('live_recordings')
    .addColumn('broadcast_id', 'uuid', (c) => c.primaryKey().references('broadcasts.id').onDelete('cascade'))
    .addColumn('input_id', 'uuid', (c) => c.notNull().references('rtmp_inputs.id').onDelete('cascade'))
    .addColumn('video_asset_id', 'uuid', (c) => c.references('video_assets.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
