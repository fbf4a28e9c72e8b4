import type { Executor } from '../../../platform/db/executor.ts';

/** For readiness (002 §8.6): which of these people finished a tech check in the event. */
export async function techChecksDoneAmong(
  db: Executor,
  eventId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('event_app_tech_checks')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}
