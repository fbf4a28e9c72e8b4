import { sql } from 'kysely';
import { SEAT_HOLDING_STATUSES, type CheckInCounts, type EventMember } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { eventsReadModel } from '../../back-office/events.read-model.ts';
import { eventRolesReadModel } from '../../event-roles/event-roles.read-model.ts';
import { usersReadModel } from '../../users/users.read-model.ts';

/** A registration as the check-in desk locks and marks it. */
export interface CheckInRegistration {
  event_role_id: string;
  organization_id: string;
  event_id: string;
  status: EventMember['event_user_status'];
  is_blocked: boolean;
  checked_in_at: Date | null;
}

/** The organisation's profile field of the registrant (the users' own is the fallback). */
const profile = (field: 'first_name' | 'last_name' | 'company' | 'title') =>
  eventRolesReadModel.profileFieldOf(
    field,
    sql.ref('event_registrations.user_id'),
    sql.ref('event_registrations.organization_id'),
  );

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The registrants of one event as the desk shows them: the organisation's profile, else the user's. */
function membersOf(db: Executor, eventId: string) {
  return usersReadModel
    .joinPeople(db.selectFrom('event_registrations'), sql.ref('event_registrations.user_id'))
    .select([
      'event_registrations.event_role_id',
      'event_registrations.event_id',
      'event_registrations.user_id',
      'event_registrations.status',
      'event_registrations.is_blocked',
      'event_registrations.source',
      'event_registrations.answers',
      'event_registrations.registered_at',
      'event_registrations.waitlisted_at',
      'event_registrations.checked_in_at',
      'users.email',
      sql<string>`coalesce(${profile('first_name')}, users.first_name)`.as('first_name'),
      sql<string>`coalesce(${profile('last_name')}, users.last_name)`.as('last_name'),
      sql<string | null>`coalesce(${profile('company')}, users.company)`.as('company'),
      sql<string | null>`coalesce(${profile('title')}, users.title)`.as('title'),
      sql<{ id: string; title: string }[]>`(select coalesce(json_agg(json_build_object('id', other.event_id,
        'title', ${eventsReadModel.titleOf(sql.ref('other.event_id'))})
        order by (other.event_id = event_registrations.event_id) desc, other.registered_at), '[]'::json)
        from event_registrations other
        where other.user_id = event_registrations.user_id and other.organization_id = event_registrations.organization_id)`.as(
        'events',
      ),
    ])
    .where('event_registrations.event_id', '=', eventId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof membersOf>['executeTakeFirstOrThrow']>>;

const toMember = (row: MemberRow): EventMember => ({
  id: row.event_role_id,
  event: row.event_id,
  user: row.user_id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  full_name: `${row.first_name} ${row.last_name}`.trim(),
  company: row.company,
  title: row.title,
  events: row.events,
  event_user_status: row.status,
  is_blocked: row.is_blocked,
  source: row.source,
  answers: row.answers,
  registered_at: row.registered_at.toISOString(),
  waitlisted_at: iso(row.waitlisted_at),
  checked_in_at: iso(row.checked_in_at),
});

export function createCheckInRepository(db: Executor) {
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

    /** Undo: back to Registered, no check-in. */
    unmarkAttended: (registrationId: string, tx: Executor) =>
      tx
        .updateTable('event_registrations')
        .set({
          status: 'REGISTRATION',
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
      return row && toMember(row);
    },

    /** Registrants holding a seat whose name or email matches, checked-in last, by name. */
    async search(eventId: string, search: string, limit: number): Promise<EventMember[]> {
      let query = membersOf(db, eventId)
        .where('event_registrations.status', 'in', SEAT_HOLDING_STATUSES)
        .where('event_registrations.is_blocked', '=', false);
      for (const word of search.toLowerCase().split(/\s+/).filter(Boolean)) {
        const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<boolean>`(lower(coalesce(${profile('first_name')}, users.first_name)) like ${pattern}
            or lower(coalesce(${profile('last_name')}, users.last_name)) like ${pattern}
            or lower(users.email) like ${pattern})`,
        );
      }
      const rows = await query
        .orderBy(sql`event_registrations.checked_in_at is not null`)
        .orderBy(sql`lower(coalesce(${profile('first_name')}, users.first_name))`)
        .orderBy(sql`lower(coalesce(${profile('last_name')}, users.last_name))`)
        .orderBy('event_registrations.event_role_id')
        .limit(limit)
        .execute();
      return rows.map(toMember);
    },

    /** Checked in (Attended) and registered (every seat holder, the checked-in included). */
    async counts(eventId: string, tx: Executor = db): Promise<CheckInCounts> {
      const row = await tx
        .selectFrom('event_registrations')
        .select([
          sql<number>`count(*) filter (where status = 'ATTENDED')::int`.as('checked_in'),
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
