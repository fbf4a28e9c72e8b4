import { sql, type Kysely } from 'kysely';

/**
 * Rate limits as a sliding window (issue 34 §7): each key's counter keeps the previous window's
 * hits beside the current one's, weighted by how much of the previous window still overlaps the
 * last minute (platform/http/rate-limit.ts). The state stays in the one shared row per key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limit_counters add column previous_hits integer not null default 0`.execute(db);
}
