import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { EVENT_ROLES } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { pagedList, type PageWindow } from '../../platform/db/paged-list.ts';
import { eventsReadModel } from '../back-office/events.read-model.ts';
import type { EventRoleTable } from './event-roles.tables.ts';

/** A role held in one session (null: the person's event_app role applies there). */
export interface SessionRoleRow {
  event_role_id: string;
  broadcast_id: string;
  role_id: string | null;
}

export type EventRoleChanges = Pick<Updateable<EventRoleTable>, 'hidden' | 'event_app_role_id' | 'rank'>;

/** The event roles an organiser manages as people: speakers, staff, check-in staff (never sponsors or attendees). */
const managedPeople = sql<SqlBool>`(role in (4, 8) or (role = 2 and user_type = 'staff'))`;

/** The only code that writes `event_roles` and `event_role_sessions`. */
export function createEventRolesRepository(db: Executor) {
  return {
    async grant(eventId: string, userId: string, role: number, tx: Executor = db): Promise<void> {
      await tx
        .insertInto('event_roles')
        .values({ event_id: eventId, user_id: userId, role })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The event dashboard's figure: the event's speakers, and how many were sent their invitation. */
    async speakersSummary(eventId: string, tx: Executor = db) {
      const row = await tx
        .selectFrom('event_roles')
        .select((eb) => [
          eb.fn.countAll<string>().as('count'),
          eb.fn.count<string>('invited_at').as('invited'),
        ])
        .where('event_id', '=', eventId)
        .where('role', '=', EVENT_ROLES.SPEAKER)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), invited: Number(row.invited) };
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

    /**
     * The public events a person works at (speaker, staff, check-in staff), latest first, with the
     * event's title, start and organisation: where a studio sign-in without an organisation points them;
     * one page of them, and how many in all.
     */
    async workOf(userId: string, page: PageWindow, tx: Executor = db) {
      const event = sql.ref<string>('event_roles.event_id');
      const matching = tx
        .selectFrom('event_roles')
        .where('user_id', '=', userId)
        .where(managedPeople)
        .where(sql<SqlBool>`exists (${eventsReadModel.publicEventOf(event)})`);
      const rows = matching
        .select(['event_id', 'role', 'event_app_role_id'])
        .select([
          eventsReadModel.titleOf(event).as('title'),
          eventsReadModel.timeOf(event, 'start_time').as('start_time'),
          eventsReadModel.organizationOf(event).as('organization_id'),
        ])
        .orderBy('start_time', 'desc')
        .orderBy('event_id')
        // Two roles in one event keep one order from page to page.
        .orderBy('event_roles.id');
      return pagedList(matching, rows, page);
    },

    /** Adds the person in that role; undefined when they already hold it in the event. */
    async insert(
      row: Omit<Selectable<EventRoleTable>, 'id' | 'invited_at' | 'created_at'>,
      tx: Executor,
    ): Promise<string | undefined> {
      const inserted = await tx
        .insertInto('event_roles')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    /** The id of the person's role in the event, added when they do not hold it yet. */
    async idOfGranted(eventId: string, userId: string, role: number, tx: Executor): Promise<string> {
      await this.grant(eventId, userId, role, tx);
      const row = await tx
        .selectFrom('event_roles')
        .select('id')
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .where('role', '=', role)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, changes: EventRoleChanges, tx: Executor): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await tx.updateTable('event_roles').set(changes).where('id', '=', id).execute();
    },

    /** Event, role and user type of these event roles (those that exist). */
    async refsOf(ids: readonly string[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .selectFrom('event_roles')
        .select(['id', 'event_id', 'role', 'user_type'])
        .where('id', 'in', ids)
        .execute();
    },

    /** Every id of the event's people of one role (and user type), by rank: what a selection is made on. */
    async idsOf(
      eventId: string,
      role: number,
      userType: string | null,
      tx: Executor = db,
    ): Promise<string[]> {
      let query = tx
        .selectFrom('event_roles')
        .select('id')
        .where('event_id', '=', eventId)
        .where('role', '=', role);
      if (userType !== null) query = query.where('user_type', '=', userType);
      const rows = await query.orderBy('rank').orderBy('created_at').orderBy('id').execute();
      return rows.map((row) => row.id);
    },

    async setHidden(ids: readonly string[], hidden: boolean, tx: Executor): Promise<void> {
      if (ids.length > 0)
        await tx.updateTable('event_roles').set({ hidden }).where('id', 'in', ids).execute();
    },

    async deleteByIds(ids: readonly string[], tx: Executor): Promise<void> {
      if (ids.length > 0) await tx.deleteFrom('event_roles').where('id', 'in', ids).execute();
    },

    async markInvited(ids: readonly string[], at: Date, tx: Executor = db): Promise<void> {
      if (ids.length > 0)
        await tx.updateTable('event_roles').set({ invited_at: at }).where('id', 'in', ids).execute();
    },

    async sessionsOf(eventRoleIds: readonly string[], tx: Executor = db): Promise<SessionRoleRow[]> {
      if (eventRoleIds.length === 0) return [];
      return tx
        .selectFrom('event_role_sessions')
        .select(['event_role_id', 'broadcast_id', 'role_id'])
        .where('event_role_id', 'in', eventRoleIds)
        .orderBy('event_role_id')
        .orderBy('broadcast_id')
        .execute();
    },

    /** The speakers' session rows of these sessions, for the sessions' `speakers`. */
    async speakerSessionsOf(broadcastIds: readonly string[], tx: Executor = db): Promise<SessionRoleRow[]> {
      if (broadcastIds.length === 0) return [];
      return tx
        .selectFrom('event_role_sessions')
        .innerJoin('event_roles', 'event_roles.id', 'event_role_sessions.event_role_id')
        .select(['event_role_id', 'broadcast_id', 'role_id'])
        .where('broadcast_id', 'in', broadcastIds)
        .where('event_roles.role', '=', 4)
        .execute();
    },

    /** Replaces the person's sessions and the role they hold in each. */
    async setSessions(
      eventRoleId: string,
      sessions: readonly { broadcast_id: string; role_id: string | null }[],
      tx: Executor,
    ): Promise<void> {
      await tx.deleteFrom('event_role_sessions').where('event_role_id', '=', eventRoleId).execute();
      if (sessions.length > 0)
        await tx
          .insertInto('event_role_sessions')
          .values(sessions.map((session) => ({ event_role_id: eventRoleId, ...session })))
          .execute();
    },

    /**
     * Event duplication: the source's speakers, staff and check-in staff onto the target (not yet
     * invited), their sessions re-pointed through `newIds`; records old → new event role ids.
     */
    async copy(sourceEventId: string, targetEventId: string, newIds: Map<string, string>, tx: Executor) {
      const people = await tx
        .selectFrom('event_roles')
        .select(['id', 'user_id', 'role', 'rank', 'hidden', 'user_type', 'event_app_role_id'])
        .where('event_id', '=', sourceEventId)
        .where(managedPeople)
        .execute();
      if (people.length === 0) return;
      const copied = await tx
        .insertInto('event_roles')
        .values(
          people.map(({ id: _id, ...person }) => ({ ...person, id: randomUUID(), event_id: targetEventId })),
        )
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'user_id', 'role'])
        .execute();
      const sourceOf = new Map(people.map((person) => [`${person.user_id} ${person.role}`, person.id]));
      for (const row of copied) newIds.set(sourceOf.get(`${row.user_id} ${row.role}`)!, row.id);
      const sessions = (
        await this.sessionsOf(
          people.map((person) => person.id),
          tx,
        )
      ).flatMap((session) => {
        const eventRoleId = newIds.get(session.event_role_id);
        const broadcastId = newIds.get(session.broadcast_id);
        return eventRoleId && broadcastId
          ? [{ event_role_id: eventRoleId, broadcast_id: broadcastId, role_id: session.role_id }]
          : [];
      });
      if (sessions.length > 0) await tx.insertInto('event_role_sessions').values(sessions).execute();
    },

    /**
     * Who holds an event_app role: the people (each person once) holding it in any event, for the
     * event or in a session, and the events whose default speaker role it is.
     */
    async holdersOfRole(roleId: string, tx: Executor = db): Promise<{ people: number; events: number }> {
      const { rows } = await sql<{ people: string; events: string }>`select
        (select count(distinct holders.user_id) from (
          select event_roles.user_id from event_roles where event_roles.event_app_role_id = ${roleId}
          union all
          select event_roles.user_id from event_role_sessions
            join event_roles on event_roles.id = event_role_sessions.event_role_id
            where event_role_sessions.role_id = ${roleId}
        ) as holders) as people,
        (select count(*) from event_people_settings
          where event_people_settings.default_speaker_role_id = ${roleId}) as events`.execute(tx);
      const [row] = rows;
      return { people: Number(row?.people ?? 0), events: Number(row?.events ?? 0) };
    },

    /** Removes the event's speakers, staff and check-in staff (never sponsors or attendees). */
    async clear(eventId: string, tx: Executor): Promise<void> {
      await tx.deleteFrom('event_roles').where('event_id', '=', eventId).where(managedPeople).execute();
    },
  };
}

export type EventRolesRepository = ReturnType<typeof createEventRolesRepository>;
