import { sql, type Kysely } from 'kysely';

/**
 * A connection whose credentials the vendor refused (401/403 on a push or the health check) needs
 * re-authentication: nothing is pushed through it until it is connected again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crm_connections add column refused_at timestamptz`.execute(db);
}
