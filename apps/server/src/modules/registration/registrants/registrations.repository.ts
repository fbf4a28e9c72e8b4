import { sql, type SqlBool } from 'kysely';
import {
  ATTENDED_IN_APP_FROM,
  SEAT_HOLDING_STATUSES,
  type EventUserStatus,
  type RegistrationSource,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { mailLog } from '../../../platform/db/mail-log.ts';
import { eventsReadModel } from '../../back-office/events.read-model.ts';
import { usersReadModel } from '../../users/users.read-model.ts';

/** A registration as stored. */
export interface RegistrationRow {
  event_role_id: string;
  organization_id: string;
  event_id: string;
  user_id: string;
  status: EventUserStatus;
  is_blocked: boolean;
  re_registrations: number;
  waitlisted_at: Date | null;
}

export interface NewRegistration {
  event_role_id: string;
  organization_id: string;
  event_id: string;
  user_id: string;
  status: EventUserStatus;
  source: RegistrationSource;
  form_id: string | null;
  answers: Record<string, unknown>;
  timezone: string | null;
}

/** Rows per statement of the set-wise reads and writes. */
const BATCH = 1000;

const holdsSeat = sql<SqlBool>`event_registrations.status in (${sql.join(SEAT_HOLDING_STATUSES)})
  and not event_registrations.is_blocked`;

/** The only code that touches event_registrations and registration_mail_log for the core. */
export function createRegistrationsRepository(db: Executor) {
  const columns = [
    'event_role_id',
    'organization_id',
    'event_id',
    'user_id',
    'status',
    'is_blocked',
    're_registrations',
    'waitlisted_at',
  ] as const;

  return {
    /** The event dashboard's figure: registered (holding a seat), waitlisted and checked in, not blocked. */
    async summaryOf(eventId: string, tx: Executor = db) {
      const row = await tx
        .selectFrom('event_registrations')
        .select((eb) => [
          eb.fn.countAll<string>().filterWhere('status', 'in', SEAT_HOLDING_STATUSES).as('registered'),
          eb.fn.countAll<string>().filterWhere('status', '=', 'WAITLISTED').as('waitlisted'),
          eb.fn.countAll<string>().filterWhere('checked_in_at', 'is not', null).as('checked_in'),
        ])
        .where('event_id', '=', eventId)
        .where('is_blocked', '=', false)
        .executeTakeFirstOrThrow();
      return {
        registered: Number(row.registered),
        waitlisted: Number(row.waitlisted),
        checked_in: Number(row.checked_in),
      };
    },

    async find(id: string, tx: Executor = db): Promise<RegistrationRow | undefined> {
      return tx
        .selectFrom('event_registrations')
        .select(columns)
        .where('event_role_id', '=', id)
        .executeTakeFirst();
    },

    /** The registration of the person with this email, if any. */
    async findByEmail(eventId: string, email: string, tx: Executor): Promise<RegistrationRow | undefined> {
      return usersReadModel
        .joinPeople(tx.selectFrom('event_registrations'), sql.ref('event_registrations.user_id'))
        .select(columns.map((column) => `event_registrations.${column}` as const))
        .where('event_registrations.event_id', '=', eventId)
        .where(sql<SqlBool>`lower(users.email) = ${email.trim().toLowerCase()}`)
        .executeTakeFirst();
    },

    /** Seats taken: Registered, Attended and No Show people who are not blocked. */
    async seatsHeld(eventId: string, tx: Executor): Promise<number> {
      const row = await tx
        .selectFrom('event_registrations')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('event_id', '=', eventId)
        .where(holdsSeat)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The registrations of the people with these emails, by lower-cased email. */
    async findByEmails(eventId: string, emails: readonly string[], tx: Executor) {
      const found = new Map<string, RegistrationRow>();
      const lowered = emails.map((email) => email.trim().toLowerCase());
      for (let start = 0; start < lowered.length; start += BATCH) {
        const rows = await usersReadModel
          .joinPeople(tx.selectFrom('event_registrations'), sql.ref('event_registrations.user_id'))
          .select(columns.map((column) => `event_registrations.${column}` as const))
          .select(sql<string>`lower(users.email)`.as('email'))
          .where('event_registrations.event_id', '=', eventId)
          .where(sql<SqlBool>`lower(users.email) in (${sql.join(lowered.slice(start, start + BATCH))})`)
          .execute();
        for (const { email, ...row } of rows) found.set(email, row);
      }
      return found;
    },

    /**
     * New registrations, in batches; registered (and waitlisted) a microsecond apart in the given
     * order, so the waitlist keeps it. Answers their answers as stored (keys in jsonb's order), by id.
     */
    async insert(
      rows: readonly NewRegistration[],
      tx: Executor,
    ): Promise<Map<string, Record<string, unknown>>> {
      const stored = new Map<string, Record<string, unknown>>();
      const now = new Date();
      for (let start = 0; start < rows.length; start += BATCH) {
        const values = rows.slice(start, start + BATCH).map((row, index) => {
          const at = sql<Date>`${now}::timestamptz + ${start + index}::int * interval '1 microsecond'`;
          return {
            ...row,
            answers: JSON.stringify(row.answers),
            registered_at: at,
            status_changed_at: at,
            waitlisted_at: row.status === 'WAITLISTED' ? at : null,
          };
        });
        const written = await tx
          .insertInto('event_registrations')
          .values(values)
          .returning(['event_role_id', 'answers'])
          .execute();
        for (const row of written) stored.set(row.event_role_id, row.answers);
      }
      return stored;
    },

    /**
     * A new status; entering the waitlist puts the person at its end. An organiser's Attended
     * stamps the check-in; any other status leaves the desk's checked-in people.
     */
    async setStatus(row: RegistrationRow, status: EventUserStatus, tx: Executor): Promise<void> {
      const now = new Date();
      await tx
        .updateTable('event_registrations')
        .set({
          status,
          status_changed_at: now,
          ...(status === 'WAITLISTED' && row.status !== 'WAITLISTED' ? { waitlisted_at: now } : {}),
          ...(status === 'ATTENDED'
            ? { checked_in_at: sql<Date>`coalesce(checked_in_at, ${now})` }
            : { checked_in_at: null, checked_in_by: null }),
        })
        .where('event_role_id', '=', row.event_role_id)
        .execute();
    },

    /**
     * The person's Registered or No Show (seated, not blocked) registration in the event, now
     * Attended from the event's app (no desk check-in stamped); its id, or undefined when none was.
     */
    async attendedInApp(organizationId: string, eventId: string, userId: string, tx: Executor) {
      const row = await tx
        .updateTable('event_registrations')
        .set({ status: 'ATTENDED', status_changed_at: new Date() })
        .where('organization_id', '=', organizationId)
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .where('status', 'in', ATTENDED_IN_APP_FROM)
        .where('is_blocked', '=', false)
        .returning('event_role_id')
        .executeTakeFirst();
      return row?.event_role_id;
    },

    /** Registered people of events that ended before `endedBy` become No Shows (one statement): those marked. */
    async markNoShows(endedBy: Date, tx: Executor = db) {
      return tx
        .updateTable('event_registrations')
        .set({ status: 'EVENT_NO_SHOW', status_changed_at: new Date() })
        .where('status', '=', 'REGISTRATION')
        .where(eventsReadModel.timeOf(sql.ref('event_registrations.event_id'), 'end_time'), '<', endedBy)
        .returning(['event_role_id', 'organization_id', 'event_id'])
        .execute();
    },

    async countReRegistration(id: string, tx: Executor): Promise<void> {
      await tx
        .updateTable('event_registrations')
        .set({ re_registrations: sql<number>`re_registrations + 1` })
        .where('event_role_id', '=', id)
        .execute();
    },

    /** The first `count` (all when null) of the waitlist, by when they joined it. */
    async firstWaitlisted(eventId: string, count: number | null, tx: Executor) {
      let query = tx
        .selectFrom('event_registrations')
        .select(columns)
        .where('event_id', '=', eventId)
        .where('status', '=', 'WAITLISTED')
        .where('is_blocked', '=', false)
        .orderBy('waitlisted_at')
        .orderBy('registered_at')
        .orderBy('event_role_id');
      if (count !== null) query = query.limit(count);
      return query.execute();
    },

    ...mailLog(db, 'registration_mail_log'),
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
