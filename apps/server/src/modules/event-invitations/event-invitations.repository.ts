import type { PeopleJob } from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { mailLog, mailLogRow } from '../../platform/db/mail-log.ts';

/** The log's email type of one session's calendar entry sent to a person (occasion `<session>@<version>`). */
export const SESSION_CALENDAR = 'SessionCalendar';

/** A session's calendar version: its id and when it last changed. */
export const calendarOccasion = (session: { id: string; updated_at: Date }) =>
  `${session.id}@${session.updated_at.toISOString()}`;

const toJob = (job: {
  id: string;
  event_id: string;
  state: string;
  total: number;
  done: number;
}): PeopleJob => ({
  id: job.id,
  event: job.event_id,
  kind: 'invite',
  state: job.state as PeopleJob['state'],
  total: job.total,
  done: job.done,
});

/** The only code that touches `people_mail_log` and `people_jobs`. */
export function createEventInvitationsRepository(db: Executor) {
  const prefixes = (ids: readonly string[]) => ids.map((id) => `${id}@%`);

  return {
    ...mailLog(db, 'people_mail_log'),

    /** Records the session calendar versions a person now holds. */
    async recordCalendars(eventId: string, userId: string, occasions: readonly string[], tx: Executor = db) {
      if (occasions.length === 0) return;
      await tx
        .insertInto('people_mail_log')
        .values(
          occasions.map((occasion) => mailLogRow({ eventId, userId, emailType: SESSION_CALENDAR, occasion })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The calendar versions of these sessions each person of the event was sent (user → occasions). */
    async calendarsSent(eventId: string, sessionIds: readonly string[], tx: Executor = db) {
      const sent = new Map<string, string[]>();
      if (sessionIds.length === 0) return sent;
      const rows = await tx
        .selectFrom('people_mail_log')
        .select(['user_id', 'occasion'])
        .where('event_id', '=', eventId)
        .where('email_type', '=', SESSION_CALENDAR)
        .where((eb) => eb.or(prefixes(sessionIds).map((prefix) => eb('occasion', 'like', prefix))))
        .execute();
      for (const entry of rows) sent.set(entry.user_id, [...(sent.get(entry.user_id) ?? []), entry.occasion]);
      return sent;
    },

    /** Whether anyone was sent a calendar entry of any of these sessions. */
    async anyCalendarSent(eventId: string, sessionIds: readonly string[], tx: Executor = db) {
      if (sessionIds.length === 0) return false;
      const found = await tx
        .selectFrom('people_mail_log')
        .select(sql.lit(1).as('one'))
        .where('event_id', '=', eventId)
        .where('email_type', '=', SESSION_CALENDAR)
        .where((eb) => eb.or(prefixes(sessionIds).map((prefix) => eb('occasion', 'like', prefix))))
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },

    async insertJob(
      job: { organizationId: string; eventId: string; total: number },
      tx: Executor = db,
    ): Promise<string> {
      const inserted = await tx
        .insertInto('people_jobs')
        .values({
          organization_id: job.organizationId,
          event_id: job.eventId,
          kind: 'invite',
          total: job.total,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** The job as the organisation sees it (undefined: none of its jobs). */
    async findJob(organizationId: string, id: string, tx: Executor = db) {
      const found = await tx
        .selectFrom('people_jobs')
        .select(['id', 'event_id', 'state', 'total', 'done'])
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return found && toJob(found);
    },

    async updateJob(id: string, changes: { state?: PeopleJob['state']; done?: number }, tx: Executor = db) {
      const updated = await tx
        .updateTable('people_jobs')
        .set(changes)
        .where('id', '=', id)
        .returning(['id', 'event_id', 'state', 'total', 'done'])
        .executeTakeFirst();
      return updated && toJob(updated);
    },
  };
}

export type EventInvitationsRepository = ReturnType<typeof createEventInvitationsRepository>;
