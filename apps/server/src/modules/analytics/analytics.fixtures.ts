import { sql } from 'kysely';
import type { TestStudio } from '../../../test/harness.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { createAnalyticsRepository, type NewAnalyticsEvent } from './analytics.repository.ts';

/** A browser's User-Agent (bots' beacons are dropped). */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

/**
 * A browser's navigator.sendBeacon to the attendee site: its string body, JSON sent as text/plain,
 * with the event cookie where the page has one.
 */
export const sendBeacon = (
  site: TestStudio['attendeeSite'],
  url: string,
  body: object,
  { cookie, userAgent = BROWSER }: { cookie?: string; userAgent?: string } = {},
) =>
  site.inject({
    method: 'POST',
    url,
    headers: {
      ...(cookie === undefined ? {} : { cookie }),
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': userAgent,
    },
    payload: JSON.stringify(body),
  });

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
