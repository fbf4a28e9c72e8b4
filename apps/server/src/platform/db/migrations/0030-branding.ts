import { sql, type Kysely } from 'kysely';

/**
 * Branding (issue 18; spec 002 §3.1, §3.2): an event's and a template's event-level branding fields
 * (`branding`) and theme (`theme_obj`) as two jsonb documents — '{}' until first saved, then every
 * field, checked by the domain's schemas on each write (the answer fills the defaults). The
 * branding module's `brand_kits`: an organisation's default branding, which new events and
 * templates start from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['events', 'studio_templates']) {
    await db.schema
      .alterTable(table)
      .addColumn('branding', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('theme_obj', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
  }
  await db.schema
    .createTable('brand_kits')
    .addColumn('organization_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('branding', 'jsonb', (c) => c.notNull())
    .addColumn('theme_obj', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
