import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (issue 36): an organisation's endpoints (for one event, or every event when `event_id`
 * is null), each with its signing secret sealed at rest; every delivery of an activity to an
 * endpoint, and each attempt of it, for the delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table activity_webhooks (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    event_id uuid references events(id) on delete cascade,
    url text not null,
    description text not null default '',
    activity_types text[] not null,
    sealed_secret text not null,
    is_active boolean not null default true,
    disabled_reason text,
    failed_deliveries_in_a_row integer not null default 0,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index activity_webhooks_org_idx on activity_webhooks (organization_id, event_id)`.execute(
    db,
  );

  await sql`create table webhook_deliveries (
    id uuid primary key default gen_random_uuid(),
    webhook_id uuid not null references activity_webhooks(id) on delete cascade,
    message_id text not null,
    activity_type text not null,
    payload text not null,
    status text not null default 'pending',
    next_attempt_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index webhook_deliveries_log_idx on webhook_deliveries (webhook_id, created_at desc, id desc)`.execute(
    db,
  );

  await sql`create table webhook_attempts (
    id bigint generated always as identity primary key,
    delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
    attempted_at timestamptz not null default now(),
    status_code integer,
    error text,
    response_excerpt text not null default ''
  )`.execute(db);
  await sql`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id)`.execute(db);
}
