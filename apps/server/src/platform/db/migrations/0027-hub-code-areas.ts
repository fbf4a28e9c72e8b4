import { sql, type Kysely } from 'kysely';

/**
 * JavaScript embeds (issue 17 §4, 001 §2.3): an organisation's Head, Body and four script hooks,
 * run on every one of its hub pages; one row per organisation that has any. The code-areas module
 * owns it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('organization_code_areas')
    .addColumn('organization_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    );
  for (const area of [
    'head',
    'body',
    'form_submission',
    'add_to_calendar',
    'register_cta_click',
    'custom_cta_click',
  ])
    table = table.addColumn(area, 'text', (c) => c.notNull().defaultTo(''));
  await table
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
