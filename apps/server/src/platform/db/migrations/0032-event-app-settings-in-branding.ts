import { sql, type Kysely } from 'kysely';

/**
 * The event app's settings (Enter Event Experience, Stage Navigation; migration 0026) are branding
 * fields (spec 002 §3.1), edited by the Look and Feel editor: an event's changed settings move into
 * its `branding` document (a title left null there meant the default, which branding fills), and
 * their table goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update events set branding = events.branding || jsonb_strip_nulls(moved.settings)
    from event_app_settings moved where moved.event_id = events.id
  `.execute(db);
  await db.schema.dropTable('event_app_settings').execute();
}
