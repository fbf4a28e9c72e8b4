import { sql, type Kysely } from 'kysely';

/**
 * The studio's own usage analytics (002 §7.11 track events): one row per tracked click or sign-in
 * and sign-out, with the analytics session it belongs to and who it was (none for a failed
 * sign-in); a person's or organisation's rows go with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table studio_usage_events (
    id uuid primary key default gen_random_uuid(),
    occurred_at timestamptz not null default now(),
    session_id uuid not null,
    user_id uuid references users(id) on delete cascade,
    organization_id uuid references organizations(id) on delete cascade,
    email text,
    email_verified boolean,
    is_free_trial boolean,
    event text not null,
    properties jsonb not null default '{}'::jsonb
  )`.execute(db);
  await sql`create index studio_usage_events_occurred_idx on studio_usage_events (occurred_at)`.execute(db);
}
