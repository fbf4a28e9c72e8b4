import { sql, type Kysely } from 'kysely';

/**
 * Analytics (issue 35): the summary's figures pre-aggregated per event, quarter hour and viewer
 * (the person, else the anonymous visitor), kept by the same statement that appends the tracked
 * rows. Quarter hours in UTC: every time zone's midnight falls on one, so any range of days in
 * the event's zone is a whole number of buckets and the figures stay exact. Rows go with their
 * event or person, as the tracked rows do. The analytics module owns it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table analytics_rollups (
    event_id uuid not null references events(id) on delete cascade,
    organization_id uuid not null references organizations(id) on delete cascade,
    bucket timestamptz not null,
    viewer text not null,
    user_id uuid references users(id) on delete cascade,
    presences integer not null default 0,
    cta_clicks integer not null default 0,
    page_views integer not null default 0,
    live_watches integer not null default 0,
    on_demand_watches integer not null default 0,
    watch_seconds integer not null default 0,
    live_seconds integer not null default 0,
    on_demand_seconds integer not null default 0,
    primary key (event_id, bucket, viewer)
  )`.execute(db);
  await sql`insert into analytics_rollups
    select event_id, min(organization_id::text)::uuid,
      to_timestamp(floor(extract(epoch from occurred_at) / 900) * 900),
      coalesce(user_id::text, visitor, ''), (array_agg(user_id))[1],
      count(*) filter (where kind in ('session_joined', 'watched', 'stage_visit', 'booth_visit', 'room_visit')),
      count(*) filter (where kind = 'cta_click'),
      count(*) filter (where kind = 'page_view'),
      count(*) filter (where kind = 'watched' and mode = 'live'),
      count(*) filter (where kind = 'watched' and mode = 'on_demand'),
      coalesce(sum(seconds) filter (where kind = 'watched'), 0),
      coalesce(sum(seconds) filter (where kind = 'watched' and mode = 'live'), 0),
      coalesce(sum(seconds) filter (where kind = 'watched' and mode = 'on_demand'), 0)
    from analytics_events
    where kind in ('session_joined', 'watched', 'stage_visit', 'booth_visit', 'room_visit', 'cta_click', 'page_view')
    group by 1, 3, 4`.execute(db);
}
