import { sql, type Kysely } from 'kysely';

/**
 * Registrant search (issue 16 performance): trigram indexes for the members list's
 * `ILIKE '%…%'` on the person's name, email and company, as the account has them and as an
 * organisation's profile has them (pg_trgm, installed by 0004, loads in PGlite too).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'organization_people']) {
    await sql`create index ${sql.raw(`${table}_full_name_trgm_idx`)} on ${sql.table(table)}
      using gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(db);
    await sql`create index ${sql.raw(`${table}_company_trgm_idx`)} on ${sql.table(table)}
      using gin (company gin_trgm_ops)`.execute(db);
  }
  await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(db);
}
