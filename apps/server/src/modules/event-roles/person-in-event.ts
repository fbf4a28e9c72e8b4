import type { EventRole } from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { usersReadModel } from '../users/users.read-model.ts';

/** One person's part in one event, as the attendee origin greets them. */
export interface PersonInEvent {
  /** The organisation's profile of them, else their account's name. */
  firstName: string;
  lastName: string;
  roles: { role: EventRole; userType: string | null; eventAppRoleId: string | null }[];
  /** Each session they are in, with the event_app role they hold there (null: none named). */
  sessions: { broadcastId: string; roleId: string | null }[];
}

/** The person's roles and sessions in the event (undefined when they hold none); `organizationId` is the event's. */
export function createPersonInEvent(db: Executor) {
  return async (
    eventId: string,
    organizationId: string,
    userId: string,
    tx: Executor = db,
  ): Promise<PersonInEvent | undefined> => {
    const roles = await tx
      .selectFrom('event_roles')
      .leftJoin('organization_people', (join) =>
        join
          .onRef('organization_people.user_id', '=', 'event_roles.user_id')
          .on('organization_people.organization_id', '=', organizationId),
      )
      .select([
        'event_roles.id',
        'event_roles.role',
        'event_roles.user_type',
        'event_roles.event_app_role_id',
        sql<string>`coalesce(organization_people.first_name, ${usersReadModel.firstNameOf('event_roles.user_id')}, '')`.as(
          'first_name',
        ),
        sql<string>`coalesce(organization_people.last_name, ${usersReadModel.lastNameOf('event_roles.user_id')}, '')`.as(
          'last_name',
        ),
      ])
      .where('event_roles.event_id', '=', eventId)
      .where('event_roles.user_id', '=', userId)
      .orderBy('event_roles.role')
      .execute();
    const [first] = roles;
    if (!first) return undefined;
    const sessions = await tx
      .selectFrom('event_role_sessions')
      .select(['broadcast_id', 'role_id'])
      .where(
        'event_role_id',
        'in',
        roles.map((row) => row.id),
      )
      .orderBy('broadcast_id')
      .execute();
    return {
      firstName: first.first_name,
      lastName: first.last_name,
      roles: roles.map((row) => ({
        role: row.role as EventRole,
        userType: row.user_type,
        eventAppRoleId: row.event_app_role_id,
      })),
      sessions: sessions.map((row) => ({ broadcastId: row.broadcast_id, roleId: row.role_id })),
    };
  };
}
