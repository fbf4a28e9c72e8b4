import { sql, type Kysely } from 'kysely';

/**
 * Email templates (001 §7, issue 33): an organisation's templates, each of one context — an event,
 * an event template or a series — with the editor's JSON and the HTML rendered at send time. A
 * context's default templates (one per email type) are written on its first read; the seed row
 * says it happened, so deleting a default does not bring it back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('event_template_id', 'uuid', (c) => c.references('studio_templates.id').onDelete('cascade'))
    .addColumn('series_id', 'uuid', (c) => c.references('series.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email_type', 'varchar(64)')
    .addColumn('email_html', 'text', (c) => c.notNull())
    .addColumn('email_json', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'email_templates_one_context',
      sql`num_nonnulls(event_id, event_template_id, series_id) = 1`,
    )
    .execute();
  for (const column of ['event_id', 'event_template_id', 'series_id'])
    await sql`create index ${sql.raw(`email_templates_${column}_idx`)} on email_templates (${sql.ref(column)}, created_at, id) where ${sql.ref(column)} is not null`.execute(
      db,
    );

  await db.schema
    .createTable('email_template_seeds')
    .addColumn('context_id', 'uuid', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('seeded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
