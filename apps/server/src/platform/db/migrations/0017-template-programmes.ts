import { sql, type Kysely } from 'kysely';

/**
 * Templates carry a programme (issue 14 item 9): it is held by an event of its own that no list
 * shows (`holds_template_programme`), copied in when the template is made from an event and out
 * onto each event made from the template.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('holds_template_programme', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('studio_templates')
    .addColumn('programme_event_id', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    .execute();
  await sql`create index studio_templates_programme_idx on studio_templates (programme_event_id) where programme_event_id is not null`.execute(
    db,
  );
}
