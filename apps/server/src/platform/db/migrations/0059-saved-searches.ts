import { sql, type Kysely } from 'kysely';

/**
 * Content Lab saved searches (issue 37 §3, `/content/search/{savedSearchId}/clips`): a named clip
 * search (text and filters) of an organisation. Owned by the clips module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table saved_searches (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    name text not null,
    query text not null default '',
    filters jsonb not null default '{}',
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index saved_searches_organization_idx on saved_searches (organization_id, created_at desc)`.execute(
    db,
  );
  await sql`create index clips_organization_idx on clips (organization_id, created_at desc)`.execute(db);
}
