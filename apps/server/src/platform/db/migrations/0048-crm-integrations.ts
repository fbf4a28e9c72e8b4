import { sql, type Kysely } from 'kysely';

/**
 * CRM connectors (issue 36): an organisation's connection per CRM (credentials and token sealed at
 * rest), an event's settings per CRM (Salesforce campaign, HubSpot portal), field mappings of an
 * event, template or global form, and each registrant's push to a CRM (the sync status).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table crm_connections (
    organization_id uuid not null references organizations(id) on delete cascade,
    crm_type text not null,
    sealed_credentials text not null,
    sealed_token text,
    authenticated_at timestamptz,
    account_id text,
    base_url text,
    region text,
    primary key (organization_id, crm_type)
  )`.execute(db);

  await sql`create table crm_event_settings (
    event_id uuid not null references events(id) on delete cascade,
    crm_type text not null,
    is_enabled boolean not null default true,
    salesforce_campaign_id text,
    salesforce_campaign_name text,
    campaign_member_status text,
    hubspot_portal_id text,
    primary key (event_id, crm_type)
  )`.execute(db);

  await sql`create table crm_field_mappings (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    crm_type text not null,
    crm_object_type text not null,
    entity_type text not null,
    entity_id uuid not null,
    is_default boolean not null default false,
    entries jsonb not null,
    updated_at timestamptz not null default now(),
    unique (organization_id, crm_type, crm_object_type, entity_type, entity_id)
  )`.execute(db);

  await sql`create table crm_syncs (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    event_id uuid not null references events(id) on delete cascade,
    crm_type text not null,
    email text not null,
    status text not null default 'pending',
    error text,
    crm_record_id text,
    updated_at timestamptz not null default now(),
    unique (event_id, crm_type, email)
  )`.execute(db);
}
