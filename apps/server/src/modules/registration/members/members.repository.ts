import { SEAT_HOLDING_STATUSES, type EventMemberListQuery } from '@studio/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseKind } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { boundedCount } from '../../../platform/db/bounded-count.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { peopleReadModel } from '../../event-roles/people.read-model.ts';
import { usersReadModel } from '../../users/users.read-model.ts';
import {
  isRegistrantOf,
  personOrderings,
  registrantProfile,
  registrantRows,
  type MemberRow,
} from '../registrant-rows.ts';
import { exportCellsSql, type ExportRow } from './members-csv.ts';

/** Which registrants of an event a list, an export or a bulk action by search names. */
export type MemberFilter = Pick<
  EventMemberListQuery,
  'search' | 'event_user_status' | 'is_blocked' | 'company__in' | 'ordering'
> & { eventId: string };

const profile = registrantProfile;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const orderings: Record<NonNullable<MemberFilter['ordering']>, [RawBuilder<unknown>, 'asc' | 'desc']> = {
  registered_at: [sql`event_registrations.registered_at`, 'asc'],
  '-registered_at': [sql`event_registrations.registered_at`, 'desc'],
  ...personOrderings,
};

/** Registrants of events: lists, export batches, bulk moderation, counts. Only this module's tables and read models. */
export function createMembersRepository(db: Executor) {
  const matching = (filter: MemberFilter, tx: Executor) => {
    let query = registrantRows(tx).where('event_registrations.event_id', '=', filter.eventId);
    if (filter.search) {
      const like = likePattern(filter.search);
      // The trigram indexes (0028) find the few people whose account or some profile matches;
      // the exact test (the organisation's profile, else the account) then runs on them alone.
      query = query.where(
        sql<SqlBool>`event_registrations.user_id in (${usersReadModel.idsMatching(like)}
          union ${peopleReadModel.idsMatching(like)})`,
      );
      query = query.where(
        sql<SqlBool>`((${profile('first_name')} || ' ' || ${profile('last_name')}) ilike ${like}
          or users.email ilike ${like} or ${profile('company')} ilike ${like})`,
      );
    }
    if (filter.event_user_status?.length)
      query = query.where('event_registrations.status', 'in', filter.event_user_status);
    if (filter.is_blocked !== undefined)
      query = query.where('event_registrations.is_blocked', '=', filter.is_blocked);
    if (filter.company__in?.length)
      query = query.where(sql<SqlBool>`${profile('company')} in (${sql.join(filter.company__in)})`);
    return query;
  };

  /** The export's rows of the matching registrants (their cells, their answers when asked), oldest first. */
  const exportRows = (filter: MemberFilter, answered: boolean, tx: Executor) =>
    matching(filter, tx)
      .clearSelect()
      .select(exportCellsSql().as('cells'))
      .$if(answered, (query) => query.select('event_registrations.answers'))
      .orderBy('event_registrations.registered_at')
      .orderBy('event_registrations.event_role_id');

  async function* cursorBatches(filter: MemberFilter, answered: boolean, size: number) {
    const tx = await db.startTransaction().setAccessMode('read only').execute();
    let done = false;
    try {
      // The whole result is read: plan for all of it (a cursor's default plans for its first tenth).
      await sql`set local cursor_tuple_fraction = 1`.execute(tx);
      await sql`declare export_rows no scroll cursor for ${exportRows(filter, answered, tx)}`.execute(tx);
      for (;;) {
        const { rows } = await sql<ExportRow>`fetch forward ${sql.lit(size)} from export_rows`.execute(tx);
        if (rows.length > 0) yield rows;
        if (rows.length < size) break;
      }
      await tx.commit().execute();
      done = true;
    } finally {
      // The reader went away (or a fetch failed): the cursor closes with the transaction.
      if (!done) await tx.rollback().execute();
    }
  }

  return {
    /** A page of an event's registrants, filtered and ordered, with a bounded count. */
    async list(filter: MemberFilter, page: PageRequest, tx: Executor = db) {
      const query = matching(filter, tx);
      const [order, direction] = orderings[filter.ordering ?? '-registered_at'];
      const [counted, found] = await Promise.all([
        boundedCount(tx, query),
        query
          .orderBy(order, direction)
          .orderBy('event_registrations.event_role_id', direction)
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return { ...counted, rows: found as MemberRow[] };
    },

    /**
     * The export's rows of the matching registrants, oldest registration first, `size` at a time
     * (the export never holds the whole list). PostgreSQL: one server-side cursor in a read-only transaction, one
     * plan and one scan. PGlite, whose one connection every request shares: keyset batches, each
     * read after the last one's (registered_at, id), so other requests run between them.
     */
    async *exported(
      filter: MemberFilter,
      answered: boolean,
      size: number,
      kind: DatabaseKind,
    ): AsyncGenerator<ExportRow[]> {
      if (kind === 'postgres') {
        yield* cursorBatches(filter, answered, size);
        return;
      }
      let after: { at: Date; id: string } | undefined;
      for (;;) {
        let query = exportRows(filter, answered, db).select([
          'event_registrations.registered_at',
          'event_registrations.event_role_id as id',
        ]);
        if (after)
          query = query.where(
            sql<SqlBool>`(event_registrations.registered_at, event_registrations.event_role_id) > (${after.at}, ${after.id})`,
          );
        const batch = await query.limit(size).execute();
        if (batch.length > 0) yield batch;
        if (batch.length < size) return;
        const last = batch[batch.length - 1]!;
        after = { at: last.registered_at, id: last.id };
      }
    },

    /** The registrations of the event that the listed people (user or registration ids, emails) hold. */
    async listed(eventId: string, users: readonly string[], tx: Executor) {
      const ids = users.filter((user) => !user.includes('@'));
      const emails = users.filter((user) => user.includes('@'));
      let query = usersReadModel
        .joinPeople(tx.selectFrom('event_registrations'), sql.ref('event_registrations.user_id'))
        .select(['event_registrations.event_role_id as id', 'event_registrations.status'])
        .where('event_registrations.event_id', '=', eventId);
      const named: RawBuilder<SqlBool>[] = [];
      if (ids.length > 0)
        named.push(
          sql<SqlBool>`(event_registrations.user_id in (${sql.join(ids)}) or event_registrations.event_role_id in (${sql.join(ids)}))`,
        );
      if (emails.length > 0) named.push(sql<SqlBool>`lower(users.email) in (${sql.join(emails)})`);
      query = query.where(sql<SqlBool>`(${sql.join(named, sql` or `)})`);
      return await query.execute();
    },

    /** The registrations of the event a search (and status filter) matches. */
    async searched(filter: MemberFilter, tx: Executor) {
      return await matching(filter, tx)
        .clearSelect()
        .select(['event_registrations.event_role_id as id'])
        .execute();
    },

    /** Blocks: a registration that held or waited for a seat is canceled; unblock restores it. */
    async block(ids: readonly string[], tx: Executor): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await tx
        .updateTable('event_registrations')
        .set({
          is_blocked: true,
          status_before_block: sql`status`,
          status: 'CANCELED',
          status_changed_at: sql`now()`,
        })
        .where('event_role_id', 'in', ids)
        .where('is_blocked', '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Unblocks: the status before the block comes back, but a seat is never taken back behind the
     * capacity's back — a registrant who held or waited for one waits again (end of the waitlist),
     * and the waitlist's promotion gives them a free seat.
     */
    async unblock(ids: readonly string[], tx: Executor): Promise<number> {
      if (ids.length === 0) return 0;
      const waiting = [...SEAT_HOLDING_STATUSES, 'WAITLISTED'];
      const result = await tx
        .updateTable('event_registrations')
        .set({
          is_blocked: false,
          status: sql`case when status_before_block in (${sql.join(waiting)}) then 'WAITLISTED'
            else coalesce(status_before_block, status) end`,
          waitlisted_at: sql`case when status_before_block in (${sql.join(waiting)}) then now() else waitlisted_at end`,
          status_before_block: null,
          status_changed_at: sql`now()`,
        })
        .where('event_role_id', 'in', ids)
        .where('is_blocked', '=', true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    isRegistrantOf: (organizationId: string, userId: string, tx: Executor = db) =>
      isRegistrantOf(organizationId, userId, tx),

    /** How many of the event's registrants hold each status. */
    async countsByStatus(eventId: string, tx: Executor = db) {
      return await tx
        .selectFrom('event_registrations')
        .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
        .where('event_id', '=', eventId)
        .groupBy('status')
        .execute();
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
