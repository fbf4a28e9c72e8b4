import { sql, type RawBuilder } from 'kysely';
import { SEAT_HOLDING_STATUSES } from '@studio/domain';

/**
 * What other modules' queries may read of registrations, written by the registration module that
 * owns them: the event's registrants holding a seat (Registered, Attended, No Show), not blocked.
 */
export const registrationReadModel = {
  registrantIdsOf(eventId: string): RawBuilder<{ user_id: string }> {
    return sql<{ user_id: string }>`select event_registrations.user_id from event_registrations
      where event_registrations.event_id = ${eventId}
        and event_registrations.status in (${sql.join(SEAT_HOLDING_STATUSES)})
        and not event_registrations.is_blocked`;
  },

  /** Whether the person is blocked from the event (the event app refuses them). */
  isBlocked(eventId: string, userId: string): RawBuilder<{ blocked: boolean }> {
    return sql<{ blocked: boolean }>`select exists (select 1 from event_registrations
      where event_registrations.event_id = ${eventId} and event_registrations.user_id = ${userId}
        and event_registrations.is_blocked) as blocked`;
  },
};
