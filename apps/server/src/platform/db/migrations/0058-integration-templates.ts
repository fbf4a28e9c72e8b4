import { sql, type Kysely } from 'kysely';

/**
 * Integration templates (issue 36 §5): a studio template's or a series' settings per CRM, which an
 * event made from the template starts with (with the template's field mappings). Keyed like
 * `crm_field_mappings` (entity type and id, checked by the service); owned by the integrations module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table crm_context_settings (
    entity_type text not null check (entity_type in ('STUDIO_TEMPLATE', 'SERIES')),
    entity_id uuid not null,
    crm_type text not null,
    is_enabled boolean not null default true,
    campaign_member_status text,
    hubspot_portal_id text,
    primary key (entity_type, entity_id, crm_type)
  )`.execute(db);
}
