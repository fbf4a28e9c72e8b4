import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { SEAT_HOLDING_STATUSES, type CheckInCounts, type EventMember } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { registrantProfile as profile, registrantRows, toEventMembers } from '../registrant-rows.ts';

/** A registration as the check-in desk locks and marks it. */
export interface CheckInRegistration {
  event_role_id: string;
  organization_id: string;
  event_id: string;
  status: EventMember['event_user_status'];
  is_blocked: boolean;
  checked_in_at: Date | null;
}

/**
 * Whether the person (`userId`) was ever present in the event's (`eventId`) app, as the attendance
 * rule reads it (analytics' read model, given at composition: analytics reads registrations).
 */
export type PresentInApp = (eventId: Expression<string>, userId: Expression<string>) => RawBuilder<SqlBool>;

/** The registrants of one event, as the desk shows them. */
const membersOf = (db: Executor, eventId: string) =>
  registrantRows(db).where('event_registrations.event_id', '=', eventId);

export function createCheckInRepository(db: Executor, presentInApp: PresentInApp) {
  return {
    /** The registration, locked for the check-in's write. */
    lockRegistration: (registrationId: string, tx: Executor) =>
      tx
        .selectFrom('event_registrations')
        .select(['event_role_id', 'organization_id', 'event_id', 'status', 'is_blocked', 'checked_in_at'])
        .where('event_role_id', '=', registrationId)
        .forUpdate()
        .executeTakeFirst() as Promise<CheckInRegistration | undefined>,

    markAttended: (registrationId: string, checkedInBy: string | null, tx: Executor) =>
      tx
        .updateTable('event_registrations')
        .set({
          status: 'ATTENDED',
          checked_in_at: new Date(),
          checked_in_by: checkedInBy,
          status_changed_at: new Date(),
        })
        .where('event_role_id', '=', registrationId)
        .execute(),

    /**
     * Undo: no check-in; still Attended when the person was present in the event's app (before or
     * after the desk's check-in: the attendance rule), else back to Registered.
     */
    unmarkAttended: (registrationId: string, tx: Executor) =>
      tx
        .updateTable('event_registrations')
        .set({
          status: sql<EventMember['event_user_status']>`case
            when ${presentInApp(sql.ref('event_registrations.event_id'), sql.ref('event_registrations.user_id'))}
            then 'ATTENDED' else 'REGISTRATION' end`,
          checked_in_at: null,
          checked_in_by: null,
          status_changed_at: new Date(),
        })
        .where('event_role_id', '=', registrationId)
        .execute(),

    async member(
      eventId: string,
      registrationId: string,
      tx: Executor = db,
    ): Promise<EventMember | undefined> {
      const row = await membersOf(tx, eventId)
        .where('event_registrations.event_role_id', '=', registrationId)
        .executeTakeFirst();
      return row && (await toEventMembers(row.organization_id, [row], tx))[0];
    },

    /**
     * Registrants holding a seat whose name or email matches, checked-in last, by name: a page of
     * `limit` from `offset`, and how many match in all.
     */
    async search(
      eventId: string,
      search: string,
      page: { limit: number; offset: number },
    ): Promise<{ results: EventMember[]; count: number }> {
      let query = membersOf(db, eventId)
        .where('event_registrations.status', 'in', SEAT_HOLDING_STATUSES)
        .where('event_registrations.is_blocked', '=', false);
      for (const word of search.toLowerCase().split(/\s+/).filter(Boolean)) {
        const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<boolean>`(lower(${profile('first_name')}) like ${pattern}
            or lower(${profile('last_name')}) like ${pattern}
            or lower(users.email) like ${pattern})`,
        );
      }
      const [rows, total] = await Promise.all([
        query
          .orderBy(sql`event_registrations.checked_in_at is not null`)
          .orderBy(sql`lower(${profile('first_name')})`)
          .orderBy(sql`lower(${profile('last_name')})`)
          .orderBy('event_registrations.event_role_id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        query
          .clearSelect()
          .select(sql<number>`count(*)::int`.as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      const organizationId = rows[0]?.organization_id;
      const results = organizationId ? await toEventMembers(organizationId, rows, db) : [];
      return { results, count: total.count };
    },

    /**
     * Checked in (stamped by the desk: Attended in the event's app alone is not) and registered
     * (every seat holder, the checked-in included).
     */
    async counts(eventId: string, tx: Executor = db): Promise<CheckInCounts> {
      const row = await tx
        .selectFrom('event_registrations')
        .select([
          sql<number>`count(*) filter (where checked_in_at is not null)::int`.as('checked_in'),
          sql<number>`count(*)::int`.as('registered'),
        ])
        .where('event_id', '=', eventId)
        .where('status', 'in', SEAT_HOLDING_STATUSES)
        .where('is_blocked', '=', false)
        .executeTakeFirstOrThrow();
      return { checked_in: row.checked_in, registered: row.registered };
    },
  };
}

export type CheckInRepository = ReturnType<typeof createCheckInRepository>;
