import { sql, type Kysely } from 'kysely';

/**
 * Custom code areas (issue 17 §4, §5): an event's Head, Body and four script hooks, and its
 * tracking pixel snippet (`splash_tracking_pixel_snippet.body_section_script`), in one row per
 * event that has any; the code-areas module owns it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('event_code_areas')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    );
  for (const area of [
    'head',
    'body',
    'form_submission',
    'add_to_calendar',
    'register_cta_click',
    'custom_cta_click',
    'body_section_script',
  ])
    table = table.addColumn(area, 'text', (c) => c.notNull().defaultTo(''));
  await table
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
