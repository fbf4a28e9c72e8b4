import { sql, type Kysely } from 'kysely';

/** Session documents (issue 34, the Docs tab): files and links of a session. Owned by the programme's session documents. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table session_documents (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    broadcast_id uuid not null references broadcasts(id) on delete cascade,
    kind text not null check (kind in ('file', 'link')),
    title text not null,
    url text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index session_documents_session_idx on session_documents (broadcast_id, created_at, id)`.execute(
    db,
  );
}
