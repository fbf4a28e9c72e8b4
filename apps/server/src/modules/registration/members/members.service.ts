import {
  registrantListMessages,
  registrantsByStatus,
  type BulkModeration,
  type BulkModerationAction,
  type EventMember,
  type EventMemberListQuery,
  type FormioData,
} from '@studio/domain';
import type { DatabaseKind } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { HttpError, notFound } from '../../../platform/http/errors.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { EventCore } from '../../back-office/events/event-core.service.ts';
import type { Registrations } from '../registrations.ts';
import { toEventMembers, type MemberRow } from '../registrant-rows.ts';
import { exportColumns } from './members-csv.ts';
import { createMembersRepository, type MemberFilter } from './members.repository.ts';

export interface MembersDeps {
  db: Executor;
  /** The export reads by a server-side cursor on PostgreSQL, by keyset batches on PGlite. */
  databaseKind: DatabaseKind;
  events: Pick<EventCore, 'programmeEventOf'>;
  /** The registrations service (another part of registration provides it). */
  registrations: () => Registrations;
  /** Removes registrants' ATTENDEE event roles (their registrations go with them). */
  removeAttendees: (eventRoleIds: readonly string[], tx: Executor) => Promise<void>;
  /** The event's registration form (its answers' columns and rules), or null: the base fields only. */
  formOfEvent: (eventId: string, tx?: Executor) => Promise<FormioData | null>;
}

const EXPORT_BATCH = 2000;

/** A page of an event's registrants, as the list answers it. */
interface MemberPage {
  count: number;
  estimated: boolean;
  results: EventMember[];
}

/** The values of a bulk path's event id that mean "none given" (a client sending an unset id). */
const MISSING_EVENT_IDS = new Set(['', 'undefined', 'null']);
export const isMissingEventId = (id: string) => MISSING_EVENT_IDS.has(id.trim());
export const eventIdRequired = () =>
  new HttpError(400, 'EVENT_ID_REQUIRED', registrantListMessages.eventIdRequired);

/**
 * An event's registrants for organisers (002 §7.13): the list, its CSV export, bulk moderation,
 * the total registrants and the organisation's attendee count.
 */
export function createMembersService(deps: MembersDeps) {
  const { db, events } = deps;
  const members = createMembersRepository(db);

  const answersOf = (organizationId: string, rows: readonly MemberRow[]) =>
    toEventMembers(organizationId, rows, db);

  const filterOf = (eventId: string, query: Omit<MemberFilter, 'eventId'>): MemberFilter => ({
    eventId,
    search: query.search,
    event_user_status: query.event_user_status,
    is_blocked: query.is_blocked,
    company__in: query.company__in,
    ordering: query.ordering,
  });

  /**
   * Starts reading a page of the list before anyone is known to see the event (the route starts it
   * beside the session check); `list` answers it only once the caller's scope is checked. Nothing
   * is read for a bad id.
   */
  function startList(query: EventMemberListQuery, page: PageRequest): Promise<MemberPage> | undefined {
    if (!isUuid(query.event)) return undefined;
    const listing = members
      .list(filterOf(query.event, query), page)
      .then(async ({ count, estimated, rows }) => ({
        count,
        estimated,
        // The rows are the event's, so their organisation is the event's.
        results: await answersOf(rows[0]?.organization_id ?? '', rows),
      }));
    listing.catch(() => undefined);
    return listing;
  }

  return {
    isRegistrantOf: (organizationId: string, userId: string, tx?: Executor) =>
      members.isRegistrantOf(organizationId, userId, tx),

    startList,

    /** A page of the list (`started` by the route beside the session check, else now), once the caller sees the event. */
    async list(
      caller: Caller,
      query: EventMemberListQuery,
      page: PageRequest,
      started = startList(query, page),
    ): Promise<MemberPage> {
      await events.programmeEventOf(caller, query.event, 'event:read');
      // Reached only for an event the caller sees, whose id is a uuid: the page was started.
      if (!started) throw notFound();
      return await started;
    },

    /** The export's event and columns, then its registrants batch by batch (never all in memory). */
    async exportOf(caller: Caller, query: EventMemberListQuery) {
      const { event } = await events.programmeEventOf(caller, query.event, 'event:read');
      const columns = exportColumns(await deps.formOfEvent(event.id));
      const filter = filterOf(event.id, query);
      const batches = members.exported(filter, columns.answered, EXPORT_BATCH, deps.databaseKind);
      return { event, columns, batches };
    },

    /**
     * Bulk block, unblock or delete (002 §4.9) of the listed people or of those a search matches,
     * in one transaction; seats freed by a block or delete promote the waitlist in it.
     */
    async bulk(
      caller: Caller,
      eventId: string,
      action: BulkModerationAction,
      body: BulkModeration,
    ): Promise<{ count: number }> {
      if (isMissingEventId(eventId)) throw eventIdRequired();
      const { event } = await events.programmeEventOf(caller, eventId, 'event:update');
      await deps.registrations().ready();
      return await db.transaction().execute(async (tx) => {
        const targets =
          'users' in body
            ? await members.listed(event.id, body.users, tx)
            : await members.searched(
                filterOf(event.id, { search: body.search, event_user_status: body.event_user_status }),
                tx,
              );
        const ids = targets.map((target) => target.id);
        let count: number;
        if (action === 'unblock') count = await members.unblock(ids, tx);
        else if (action === 'block') count = await members.block(ids, tx);
        else {
          await deps.removeAttendees(ids, tx);
          count = ids.length;
        }
        if (count > 0) await deps.registrations().seatsFreed(event.organizationId, event.id, tx);
        return { count };
      });
    },

    /** The event's registrant count (every status), by status, and the latest `limit` registrants. */
    async totals(caller: Caller, eventId: string, limit: number) {
      const { event } = await events.programmeEventOf(caller, eventId, 'event:read');
      const [counts, latest] = await Promise.all([
        members.countsByStatus(event.id),
        members.list({ eventId: event.id, ordering: '-registered_at' }, { limit, offset: 0 }),
      ]);
      const byStatus = registrantsByStatus(counts);
      return {
        count: Object.values(byStatus).reduce((sum, count) => sum + count, 0),
        by_status: byStatus,
        results: await answersOf(event.organizationId, latest.rows),
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
