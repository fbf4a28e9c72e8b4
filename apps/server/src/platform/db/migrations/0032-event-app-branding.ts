import { sql, type Kysely } from 'kysely';

/**
 * The event app's settings (Enter Event Experience, Stage Navigation; migration 0026) are branding
 * fields (spec 002 §3.1), edited by the Look and Feel editor: an event's changed settings move into
 * its `branding` document (a title left null there meant the default, which branding fills), and
 * their table goes. The stage's demo request (002 §5.3) is kept: who asked, once per event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update events set branding = events.branding || jsonb_strip_nulls(moved.settings)
    from event_app_settings moved where moved.event_id = events.id
  `.execute(db);
  await db.schema.dropTable('event_app_settings').execute();
  await db.schema
    .createTable('event_app_demo_requests')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_app_demo_requests_pkey', ['event_id', 'user_id'])
    .execute();
}
