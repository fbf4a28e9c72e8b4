import { sql, type Kysely } from 'kysely';

/**
 * The event app (issue 17 §3), owned by the attendee site's event app: an event's app settings
 * (002 §3.1's fields the app reads, only those an organiser changed; the rest take the domain's
 * defaults) and each person's tech check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_app_settings')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  let checks = db.schema
    .createTable('event_app_tech_checks')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'));
  for (const check of ['camera', 'microphone', 'speakers', 'network'])
    checks = checks.addColumn(check, 'text', (c) => c.notNull());
  await checks
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_app_tech_checks_pkey', ['event_id', 'user_id'])
    .execute();
}
