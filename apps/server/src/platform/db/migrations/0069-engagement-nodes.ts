import { sql, type Kysely } from 'kysely';

/**
 * Presence is kept alive per API node, not per stream: a node refreshes its one row, and its
 * streams' presence rows count while it is fresh (a node's rows go with it when it fades).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table engagement_nodes (
    node_id uuid primary key,
    seen_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into engagement_nodes (node_id, seen_at)
    select node_id, max(seen_at) from engagement_presence group by node_id`.execute(db);
  await sql`drop index engagement_presence_event_idx`.execute(db);
  await sql`alter table engagement_presence
    drop column seen_at,
    add constraint engagement_presence_node_fk foreign key (node_id)
      references engagement_nodes (node_id) on delete cascade`.execute(db);
  await sql`create index engagement_presence_event_idx on engagement_presence (event_id)`.execute(db);
}
