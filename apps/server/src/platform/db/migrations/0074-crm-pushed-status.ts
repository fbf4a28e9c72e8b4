import { sql, type Kysely } from 'kysely';

/**
 * The status a person's last push to a CRM told it (their crm_syncs row): an activity at the status
 * the CRM already has, or is about to get, from a back-fill queues no second push.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crm_syncs add column pushed_status text`.execute(db);
}
