import { sql, type Kysely } from 'kysely';

/**
 * Filler slides (spec 002 §3.3): an organisation's still images, each made into a video by a
 * media job. The filler-slides module owns the table; events and templates refer to one by
 * `filler_slide_id` (set to null should a slide go in a race with its removal: the module refuses
 * to delete a slide in use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('filler_slides')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Object keys in the store: the uploaded image (a general file upload), the mp4, the HLS master.
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('video_key', 'text')
    .addColumn('hls_key', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('NOT_GENERATED'))
    .addColumn('error_reason', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index filler_slides_org_created_idx on filler_slides (organization_id, created_at desc, id desc)`.execute(
    db,
  );
  for (const table of ['events', 'studio_templates']) {
    await db.schema
      .alterTable(table)
      .addColumn('filler_slide_id', 'uuid', (c) => c.references('filler_slides.id').onDelete('set null'))
      .execute();
    await sql`create index ${sql.raw(`${table}_filler_slide_idx`)} on ${sql.table(table)} (organization_id, filler_slide_id) where filler_slide_id is not null`.execute(
      db,
    );
  }
}
