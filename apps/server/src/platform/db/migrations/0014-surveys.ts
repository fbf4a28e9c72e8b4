import { sql, type Kysely } from 'kysely';

/**
 * Surveys (issue 14 item 7): an event's library of surveys, and the copies sessions hold. A copy
 * (`duplicated_from` set) belongs to one session and goes with it; everything goes with the event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('surveys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('questions', 'jsonb', (c) => c.notNull())
    // The service refuses to delete a survey that has copies; the cascade serves the event's deletion.
    .addColumn('duplicated_from', 'uuid', (c) => c.references('surveys.id').onDelete('cascade'))
    .addColumn('broadcast_id', 'uuid', (c) => c.references('broadcasts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('surveys_copy_has_session', sql`(duplicated_from is null) = (broadcast_id is null)`)
    .execute();
  await sql`create index surveys_event_idx on surveys (event_id, created_at)`.execute(db);
  await sql`create index surveys_broadcast_idx on surveys (broadcast_id) where broadcast_id is not null`.execute(
    db,
  );
  await sql`create index surveys_source_idx on surveys (duplicated_from) where duplicated_from is not null`.execute(
    db,
  );
  await sql`create unique index surveys_one_copy_per_session on surveys (duplicated_from, broadcast_id) where broadcast_id is not null`.execute(
    db,
  );
}
