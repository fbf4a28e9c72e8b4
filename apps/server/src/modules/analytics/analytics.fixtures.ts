import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { createAnalyticsRepository, type NewAnalyticsEvent } from './analytics.repository.ts';

/**
 * Tracked rows written through the repository's own append (rows and rollups), `batch` a
 * statement, then analysed as autovacuum would; answers the event's rollup count (benchmarks).
 */
export async function appendInBulk(
  db: Executor,
  eventId: string,
  rows: readonly NewAnalyticsEvent[],
  batch = 1_000,
): Promise<number> {
  const repository = createAnalyticsRepository(db);
  for (let at = 0; at < rows.length; at += batch) await repository.append(rows.slice(at, at + batch));
  await sql`analyze analytics_events, analytics_rollups`.execute(db);
  const { count } = await db
    .selectFrom('analytics_rollups')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return count;
}
