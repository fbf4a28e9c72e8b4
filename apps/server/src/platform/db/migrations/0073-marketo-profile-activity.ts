import { sql, type Kysely } from 'kysely';

/**
 * The User Profile activity last sent to a person's Marketo lead (their crm_syncs row): a push at
 * the same status (a retry, a back-fill) does not send it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crm_syncs add column marketo_profile_activity text`.execute(db);
}
