import type { EventRole } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { createEventRolesRepository } from './event-roles.repository.ts';

/**
 * Event roles (002 §3.10), apart from organisation membership: who is a sponsor, speaker … of an
 * event. Other modules grant and ask through this service; the people issue extends it.
 */
export function createEventRolesService(db: Executor) {
  const roles = createEventRolesRepository(db);
  return {
    grant: (eventId: string, userId: string, role: EventRole, tx?: Executor) =>
      roles.grant(eventId, userId, role, tx),

    /** Whether the person holds that role in the event. */
    async holds(eventId: string, userId: string, role: EventRole, tx?: Executor): Promise<boolean> {
      return (await roles.rolesOf(eventId, userId, tx)).includes(role);
    },

    /** The person's roles in the event, lowest first. */
    rolesOf: (eventId: string, userId: string, tx?: Executor) => roles.rolesOf(eventId, userId, tx),

    /** The events where the person holds that role, oldest grant first. */
    eventsWhere: (userId: string, role: EventRole, tx?: Executor) => roles.eventsWhere(userId, role, tx),
  };
}

export type EventRolesService = ReturnType<typeof createEventRolesService>;
