import { sql, type Kysely } from 'kysely';

/**
 * Registration owns an event's registration settings (issue 32 §4): seats (null: unlimited),
 * waitlist and approval mode move from the events' columns to `event_registration_settings`, one
 * row per event that set any of them (no row: unlimited, no waitlist, no approval). The values are
 * copied, then the events' columns dropped, so no second copy can drift from the first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_registration_settings')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('registration_capacity', 'integer')
    .addColumn('waitlist_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registration_approval_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into event_registration_settings
      (event_id, organization_id, registration_capacity, waitlist_enabled, registration_approval_required)
    select id, organization_id, registration_capacity, waitlist_enabled, registration_approval_required
    from events
    where registration_capacity is not null or waitlist_enabled or registration_approval_required`.execute(
    db,
  );
  await db.schema
    .alterTable('events')
    .dropColumn('registration_capacity')
    .dropColumn('waitlist_enabled')
    .dropColumn('registration_approval_required')
    .execute();
}
