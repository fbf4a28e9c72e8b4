import { sql, type Kysely } from 'kysely';

/**
 * Pages (issue 17 §1): the page builder's JSON (`builder_raw_json`) of an event, series, template
 * or hub page, one per kind (registration, landing, on_demand). One owner column per owner type,
 * exactly one set, so deleting the owner deletes its pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('built_pages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'uuid', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('series_id', 'uuid', (c) => c.references('series.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.references('studio_templates.id').onDelete('cascade'))
    .addColumn('hub_page_id', 'uuid', (c) => c.references('hub_pages.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('builder_raw_json', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'built_pages_one_owner',
      sql`owner_id = coalesce(event_id, series_id, template_id, hub_page_id)
        and num_nonnulls(event_id, series_id, template_id, hub_page_id) = 1`,
    )
    .addUniqueConstraint('built_pages_owner_kind', ['owner_type', 'owner_id', 'kind'])
    .execute();
}
