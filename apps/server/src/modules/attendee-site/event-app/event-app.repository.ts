import type { TechCheck } from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';

/** The event app's tables: people's tech checks and demo requests (migrations 0026, 0032). */
export function createEventAppRepository(db: Executor) {
  return {
    techCheckOf: (eventId: string, userId: string) =>
      db
        .selectFrom('event_app_tech_checks')
        .select(['camera', 'microphone', 'speakers', 'network', 'completed_at'])
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** The person's latest tech check replaces the one before. */
    async saveTechCheck(eventId: string, userId: string, check: TechCheck): Promise<void> {
      await db
        .insertInto('event_app_tech_checks')
        .values({ event_id: eventId, user_id: userId, ...check })
        .onConflict((oc) =>
          oc.columns(['event_id', 'user_id']).doUpdateSet({ ...check, completed_at: sql`now()` }),
        )
        .execute();
    },

    saveDemoRequest: (eventId: string, userId: string) =>
      db
        .insertInto('event_app_demo_requests')
        .values({ event_id: eventId, user_id: userId })
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
        .execute(),
  };
}

export type EventAppRepository = ReturnType<typeof createEventAppRepository>;
