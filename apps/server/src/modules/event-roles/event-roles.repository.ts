import type { Executor } from '../../platform/db/executor.ts';

/** The only code that touches `event_roles`. */
export function createEventRolesRepository(db: Executor) {
  return {
    async grant(eventId: string, userId: string, role: number, tx: Executor = db): Promise<void> {
      await tx
        .insertInto('event_roles')
        .values({ event_id: eventId, user_id: userId, role })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async rolesOf(eventId: string, userId: string, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .selectFrom('event_roles')
        .select('role')
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .orderBy('role')
        .execute();
      return rows.map((row) => row.role);
    },

    async eventsWhere(userId: string, role: number, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectFrom('event_roles')
        .select('event_id')
        .where('user_id', '=', userId)
        .where('role', '=', role)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.event_id);
    },
  };
}

export type EventRolesRepository = ReturnType<typeof createEventRolesRepository>;
