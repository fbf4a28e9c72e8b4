import { sql, type Kysely } from 'kysely';

/**
 * Where a person's pushes to a CRM stand beyond pending/synced/failed (their crm_syncs row): the
 * status the last queued push tells (`pushed_status`), and the status and target (a Marketo
 * program, a Pardot list, an Eloqua form) the last push that went through reached. An activity at
 * a status the CRM has, or is about to get, queues no second push; a push finding the target it
 * would reach already reached at its status sends nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crm_syncs add column pushed_status text`.execute(db);
  await sql`alter table crm_syncs add column reached_status text`.execute(db);
  await sql`alter table crm_syncs add column reached_target text`.execute(db);
}
