import { sql, type Kysely } from 'kysely';

/**
 * Slack (issue 36): the Slack workspace an organisation connected (its bot token sealed at rest),
 * each event's notifications (a channel and the kinds it posts), and each message posted, with
 * its attempts' outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table slack_connections (
    organization_id uuid primary key references organizations(id) on delete cascade,
    team_id text not null,
    team_name text not null default '',
    bot_user_id text not null default '',
    sealed_token text not null,
    connected_by uuid references users(id) on delete set null,
    connected_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table slack_notifications (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    event_id uuid not null references events(id) on delete cascade,
    channel_id text not null,
    channel_name text not null default '',
    notification_types text[] not null,
    is_active boolean not null default true,
    last_error text,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index slack_notifications_org_idx on slack_notifications (organization_id, event_id)`.execute(
    db,
  );

  await sql`create table slack_messages (
    id uuid primary key default gen_random_uuid(),
    notification_id uuid not null references slack_notifications(id) on delete cascade,
    kind text not null,
    body text not null,
    status text not null default 'pending',
    attempts integer not null default 0,
    last_error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`.execute(db);
  await sql`create index slack_messages_notification_idx on slack_messages (notification_id, created_at desc)`.execute(
    db,
  );
}
