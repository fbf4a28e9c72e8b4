import { sql, type Kysely } from 'kysely';

/**
 * Team-level integrations (issue 36 §5): a CRM or marketing connection belongs to the organisation
 * (workspace_id null) or to one of its teams; one connection per owner and connector.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crm_connections
    add column workspace_id uuid references workspaces(id) on delete cascade`.execute(db);
  await sql`alter table crm_connections drop constraint crm_connections_pkey`.execute(db);
  await sql`alter table crm_connections add constraint crm_connections_owner
    unique nulls not distinct (organization_id, crm_type, workspace_id)`.execute(db);
}
