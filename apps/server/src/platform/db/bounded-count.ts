import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from './executor.ts';

/** Lists count exactly up to this many matching rows (20 pages of 50 videos, 40 of 25 events). */
export const EXACT_COUNT_LIMIT = 1000;

export interface BoundedCount {
  count: number;
  /** True past the limit: `count` is the planner's estimate (at least limit + 1), not a count. */
  estimated: boolean;
}

/**
 * The count of a list's matching rows at a cost that does not grow with the library: exact up to
 * `limit`, counted over at most limit + 1 rows; beyond, PostgreSQL's planner estimate of the same
 * query (EXPLAIN plans it without running it), flagged.
 */
export async function boundedCount<DB, TB extends keyof DB, O>(
  db: Executor,
  rows: SelectQueryBuilder<DB, TB, O>,
  limit = EXACT_COUNT_LIMIT,
): Promise<BoundedCount> {
  const matching = rows.clearSelect().select(sql.lit(1).as('one'));
  const { counted } = await db
    .selectFrom(matching.limit(limit + 1).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('counted'))
    .executeTakeFirstOrThrow();
  if (Number(counted) <= limit) return { count: Number(counted), estimated: false };
  const [plan] = await matching.explain<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>('json');
  const estimate = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return { count: Math.max(limit + 1, estimate), estimated: true };
}
