import { sql, type Kysely } from 'kysely';

/**
 * Marketo's No Show (issue 36): the events whose registrants who never attended were moved to their
 * Marketo program's No Show status, once per event; owned by the integrations module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table marketo_no_shows (
    event_id uuid primary key,
    program_id text not null,
    lead_count integer not null,
    done_at timestamptz not null
  )`.execute(db);
}
