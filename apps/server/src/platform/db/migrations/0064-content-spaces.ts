import { sql, type Kysely } from 'kysely';

/**
 * Standalone Content Lab users (issue 37 §6, spec 001 §2.1–§2.2): a person who signs up without an
 * organisation gets a personal Content Lab space, an organisation row of their own that every
 * content query is scoped to, while they stay without an organisation. Owned by the users module
 * (the link) and the organisations module (the row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column content_space_id uuid references organizations(id) on delete set null`.execute(
    db,
  );
  await sql`create unique index users_content_space_idx on users (content_space_id)`.execute(db);
}
