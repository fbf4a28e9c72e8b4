import { sql, type Kysely } from 'kysely';

/**
 * A team's Marketo and Eloqua connections keep their own base program and event form (the
 * organisation's stay on the organisation): a team's Marketo or Eloqua is another instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crm_connections
    add column base_marketo_program_id text,
    add column eloqua_form_id text`.execute(db);
}
