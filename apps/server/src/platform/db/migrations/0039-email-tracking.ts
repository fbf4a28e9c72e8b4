import { sql, type Kysely } from 'kysely';

/**
 * Opens and clicks in the delivery log (issue 33 §9), recorded only for organisations that turn
 * tracking on (`email_tracking_settings`, owned by the email module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_deliveries add column opened_at timestamptz, add column clicked_at timestamptz`.execute(
    db,
  );
  await sql`create table email_tracking_settings (
    organization_id uuid primary key references organizations(id) on delete cascade,
    track_opens_and_clicks boolean not null default false,
    updated_at timestamptz not null default now()
  )`.execute(db);
}
