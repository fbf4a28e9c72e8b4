import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { eventsReadModel } from '../../back-office/events.read-model.ts';
import { isRegistrantOf, registrantRows } from '../registrant-rows.ts';

const eventId = sql.ref<string>('event_registrations.event_id');

/** The only code that touches `registrant_activity_urls`. */
export function createRegistrantActivityRepository(db: Executor) {
  return {
    /** The person's short URL in the organisation, made with `candidate` if they have none yet. */
    async shortUrlOf(organizationId: string, userId: string, candidate: string, createdBy: string) {
      await db
        .insertInto('registrant_activity_urls')
        .values({
          short_url: candidate,
          organization_id: organizationId,
          user_id: userId,
          created_by: createdBy,
        })
        .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doNothing())
        .execute();
      const row = await db
        .selectFrom('registrant_activity_urls')
        .select('short_url')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.short_url;
    },

    /** The person's short URL stops working (none: nothing to do). */
    async revoke(organizationId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('registrant_activity_urls')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .execute();
    },

    find: (shortUrl: string) =>
      db
        .selectFrom('registrant_activity_urls')
        .select(['organization_id', 'user_id'])
        .where('short_url', '=', shortUrl)
        .executeTakeFirst(),

    isRegistrantOf: (organizationId: string, userId: string) => isRegistrantOf(organizationId, userId, db),

    /** The person's registrations in the organisation with each event's title and times, the latest event first. */
    registrationsOf: (organizationId: string, userId: string) =>
      registrantRows(db)
        .select([
          eventsReadModel.titleOf(eventId).as('event_title'),
          eventsReadModel.timeOf(eventId, 'start_time').as('start_time'),
          eventsReadModel.timeOf(eventId, 'end_time').as('end_time'),
        ])
        .where('event_registrations.organization_id', '=', organizationId)
        .where('event_registrations.user_id', '=', userId)
        .orderBy('start_time', 'desc')
        .execute(),
  };
}

export type RegistrantActivityRepository = ReturnType<typeof createRegistrantActivityRepository>;
