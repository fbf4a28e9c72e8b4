import { sql, type Kysely } from 'kysely';

/**
 * Marketo custom activities and the Pardot import (owned by the integrations module):
 * - a team's Marketo connection keeps the ids of the studio's custom activity types it created
 *   (the organisation's are on the organisation);
 * - an event's SYNC_PARDOT list import: where it stands (one row per event) and each prospect
 *   registered from it (so that each is imported once, whatever happens to the registration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crm_connections
    add column marketo_user_profile_activity_id text,
    add column marketo_user_engagement_activity_id text`.execute(db);
  await sql`create table pardot_imports (
    event_id uuid primary key,
    organization_id uuid not null,
    list_id bigint not null,
    status text not null default 'importing' check (status in ('importing', 'done', 'failed')),
    imported_count integer not null default 0,
    error text,
    last_run_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table pardot_imported_prospects (
    event_id uuid not null,
    list_id bigint not null,
    prospect_id bigint not null,
    primary key (event_id, list_id, prospect_id)
  )`.execute(db);
}
