import { sql, type Kysely } from 'kysely';

/**
 * Registrant lists (issue 16): the status a blocked registrant had (unblock restores it), and the
 * indexes the members list, its status filter, the `events` column and the attendee count read by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('event_registrations').addColumn('status_before_block', 'text').execute();
  // A status filter pages newest first without sorting the event's registrants.
  await sql`create index event_registrations_event_status_registered_idx
    on event_registrations (event_id, status, registered_at, event_role_id)`.execute(db);
  // A person's registrations in the organisation's events (the `events` column, attendee count).
  await sql`create index event_registrations_org_user_idx on event_registrations (organization_id, user_id)`.execute(
    db,
  );
}
