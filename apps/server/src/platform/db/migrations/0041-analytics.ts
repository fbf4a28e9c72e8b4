import { sql, type Kysely } from 'kysely';

/**
 * Analytics (issue 35): the attendee site's tracked actions, engagement's participation and the
 * registration page's views, one row each, appended and never changed (a trigger refuses updates;
 * rows go only with their event or person). Sessions, booths and rooms are named by id without a
 * foreign key (other modules' tables). The analytics module owns it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table analytics_events (
    id bigint generated always as identity primary key,
    organization_id uuid not null references organizations(id) on delete cascade,
    event_id uuid not null references events(id) on delete cascade,
    user_id uuid references users(id) on delete cascade,
    visitor text,
    kind text not null,
    target_id uuid,
    seconds integer not null default 0,
    mode text,
    cta text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer text,
    occurred_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index analytics_events_event_idx on analytics_events (event_id, kind, occurred_at)`.execute(
    db,
  );
  await sql`create function analytics_events_append_only() returns trigger language plpgsql as $$
    begin raise exception 'analytics events are append-only'; end $$`.execute(db);
  await sql`create trigger analytics_events_append_only before update on analytics_events
    for each row execute function analytics_events_append_only()`.execute(db);
}
