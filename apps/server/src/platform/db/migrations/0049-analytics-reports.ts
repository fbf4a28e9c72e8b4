import { sql, type Kysely } from 'kysely';

/**
 * Analytics reports (issue 35 §4): the cost an organiser enters per event (the ROI report) and
 * the organisation's saved custom reports (their definition as the domain's schema reads it).
 * The analytics module owns both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table analytics_event_costs (
    event_id uuid primary key references events(id) on delete cascade,
    organization_id uuid not null references organizations(id) on delete cascade,
    cost numeric(14, 2) not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table analytics_saved_reports (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    created_by uuid references users(id) on delete set null,
    name text not null,
    definition jsonb not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index analytics_saved_reports_organization_idx
    on analytics_saved_reports (organization_id, created_at desc)`.execute(db);
}
