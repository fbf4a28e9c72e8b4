import { isCompleteReorder, type Reorder } from '@studio/domain';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { pagedList, type PagedRows, type PageWindow } from '../../platform/db/paged-list.ts';
import type { Database } from '../../platform/db/schema.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';

/** The tables of an event's parts: rooms, booths, surveys and the people's event roles. */
export type EventPartTable = 'rooms' | 'booths' | 'surveys' | 'event_roles';

/** The columns every part table has (`rank` only where the parts are ranked). */
interface PartColumns {
  id: string;
  event_id: string;
  rank: number;
  created_at: Date;
}
/** The kit reads every part table through the columns they share. */
type PartsDatabase = Kysely<Record<string, PartColumns>>;

/** A group of an event's parts ranked together (booths: a `booth_type`; people: a `role`; rooms: `is_booth`). */
export type PartGroup = string | number | boolean | undefined;

export interface EventPartsTableOptions<T extends EventPartTable> {
  table: T;
  /** Ranked parts list by rank, go last of their group when created and can be reordered; others list by creation. */
  ranked: boolean;
  /** The column that splits an event's parts into separately ranked groups, listed in its order. */
  groupedBy?: keyof Database[T] & string;
}

/**
 * The statements every part of an event needs (the only code of the kit that touches a table):
 * a page of the event's parts in order, one part, a new one last of its group, a change, a
 * delete, the event's parts cleared, and new ranks set in the caller's transaction.
 */
export function eventPartsTable<T extends EventPartTable>(db: Executor, options: EventPartsTableOptions<T>) {
  type PartRecord = Selectable<Database[T]>;
  const { ranked, groupedBy } = options;
  const table: string = options.table;
  const from = (tx: Executor) => (tx as unknown as PartsDatabase).selectFrom(table);
  const ofEvent = (tx: Executor, eventId: string, group?: PartGroup) => {
    const query = from(tx).where('event_id', '=', eventId);
    return group === undefined || !groupedBy ? query : query.where(sql.ref(groupedBy), '=', group);
  };
  /**
   * The event's ranks are taken in turn: its row is locked (`for no key update`, which still lets
   * other tables' rows point at it) until `tx` ends. The group's own rows cannot stand in — a lock
   * on them does not stop a new part, and the first part has none to lock.
   */
  const lockRanks = (tx: Executor, eventId: string) =>
    tx.selectFrom('events').select('id').where('id', '=', eventId).forNoKeyUpdate().execute();
  const inOrder = (tx: Executor, eventId: string, group?: PartGroup) => {
    let query = ofEvent(tx, eventId, group).selectAll();
    if (groupedBy) query = query.orderBy(sql.ref(groupedBy));
    if (ranked) query = query.orderBy('rank');
    return query.orderBy('created_at').orderBy('id');
  };

  const parts = {
    /** A page of the event's parts (of one group), in order, with their count. */
    list: (eventId: string, page: PageWindow, group?: PartGroup, tx: Executor = db) =>
      pagedList(ofEvent(tx, eventId, group), inOrder(tx, eventId, group), page) as Promise<
        PagedRows<PartRecord>
      >,

    /** Every part of the event (of one group), in order. */
    all: (eventId: string, group?: PartGroup, tx: Executor = db) =>
      inOrder(tx, eventId, group).execute() as Promise<PartRecord[]>,

    find: async (id: string, tx: Executor = db): Promise<PartRecord | undefined> =>
      isUuid(id)
        ? ((await from(tx).selectAll().where('id', '=', id).executeTakeFirst()) as PartRecord | undefined)
        : undefined,

    /**
     * The rank after the last of the event's parts of the group (0 for the first), with the event's
     * row locked until `tx` ends, so two parts added at once never take the same rank.
     */
    async nextRank(eventId: string, group: PartGroup, tx: Executor = db): Promise<number> {
      await lockRanks(tx, eventId);
      const { last } = await ofEvent(tx, eventId, group)
        .select((eb) => eb.fn.max('rank').as('last'))
        .executeTakeFirstOrThrow();
      return last === null ? 0 : Number(last) + 1;
    },

    /** A new part; a ranked one goes last of its group. */
    async insert(values: Insertable<Database[T]>, tx: Executor = db): Promise<PartRecord> {
      const row = values as unknown as Insertable<PartColumns> & Record<string, unknown>;
      const group = groupedBy ? (row[groupedBy] as PartGroup) : undefined;
      const rank = ranked ? { rank: await parts.nextRank(row.event_id, group, tx) } : {};
      return (await (tx as unknown as PartsDatabase)
        .insertInto(table)
        .values({ ...row, ...rank })
        .returningAll()
        .executeTakeFirstOrThrow()) as PartRecord;
    },

    /** The part changed (as it is when there is no change); undefined when it is gone. */
    async update(id: string, changes: Updateable<Database[T]>, tx: Executor = db) {
      if (Object.keys(changes).length === 0) return parts.find(id, tx);
      return (await (tx as unknown as PartsDatabase)
        .updateTable(table)
        .set(changes as Updateable<PartColumns>)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as PartRecord | undefined;
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await (tx as unknown as PartsDatabase).deleteFrom(table).where('id', '=', id).execute();
    },

    /** Event duplication's undo: the event's parts gone. */
    async clear(eventId: string, tx: Executor): Promise<void> {
      await (tx as unknown as PartsDatabase).deleteFrom(table).where('event_id', '=', eventId).execute();
    },

    async setRanks(ranks: readonly { id: string; rank: number }[], tx: Executor): Promise<void> {
      for (const { id, rank } of ranks)
        await (tx as unknown as PartsDatabase)
          .updateTable(table)
          .set({ rank })
          .where('id', '=', id)
          .execute();
    },

    /**
     * Every part of the event's group once, with its new rank, in the caller's transaction (the
     * group's rows locked until it ends); false, and nothing set, when the list is not exactly them.
     */
    async reorder(eventId: string, group: PartGroup, ranks: Reorder['object_list'], tx: Executor) {
      await lockRanks(tx, eventId);
      const locked = await ofEvent(tx, eventId, group).select('id').forUpdate().execute();
      if (
        !isCompleteReorder(
          locked.map((row) => row.id),
          ranks,
        )
      )
        return false;
      await parts.setRanks(
        ranks.map(({ pk, rank }) => ({ id: pk, rank })),
        tx,
      );
      return true;
    },
  };
  return parts;
}

export type EventPartsTable<T extends EventPartTable> = ReturnType<typeof eventPartsTable<T>>;

/**
 * Event duplication: the source's rooms or booths (those `only` keeps) onto the copy, without
 * owners (a role is per event). Records each one's copy in `newIds` and answers each id and its copy's.
 */
export async function copyWithoutOwners(
  table: 'rooms' | 'booths',
  copy: { sourceEventId: string; targetEventId: string; newIds: Map<string, string> },
  tx: Executor,
  only?: RawBuilder<boolean>,
): Promise<[string, string][]> {
  const parts = tx as unknown as Kysely<Record<string, PartColumns & { owner_id: string | null }>>;
  let source = parts.selectFrom(table).selectAll().where('event_id', '=', copy.sourceEventId);
  if (only) source = source.where(only);
  const copied: [string, string][] = [];
  for (const {
    id,
    event_id: _event,
    created_at: _created,
    owner_id: _owner,
    ...fields
  } of await source.execute()) {
    const created = await parts
      .insertInto(table)
      .values({ ...fields, event_id: copy.targetEventId, owner_id: null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    copy.newIds.set(id, created.id);
    copied.push([id, created.id]);
  }
  return copied;
}

type Permission = 'event:read' | 'event:update';

/** How an area reaches a part's event: the event as the caller sees it with the permission (404 otherwise). */
export type PartEventOf<A extends { event: { id: string } }> = (
  caller: Caller,
  eventId: string,
  permission: Permission,
) => Promise<A>;

export interface EventPartsOptions<
  T extends EventPartTable,
  A extends { event: { id: string } },
> extends EventPartsTableOptions<T> {
  db: Executor;
  /** The area's way to the event (its own refusals, e.g. rooms in a webinar, included). */
  eventOf: PartEventOf<A>;
  /** After a committed change: the event's programme follows (repeating events, the event app). */
  changed: (event: A['event']) => Promise<void>;
  /** Ranked parts: the refusal of a reorder list that is not exactly one group's parts (else 404). */
  reorderMismatch?: () => Error;
}

/**
 * The kit of an event's parts (rooms, booths, surveys, people): list with the caller's scope,
 * create (last of its group), find for a guard, delete and reorder as one transaction. Each area
 * keeps its own fields, checks and answers, and hands the kit what differs.
 */
export function createEventParts<T extends EventPartTable, A extends { event: { id: string } }>(
  options: EventPartsOptions<T, A>,
) {
  const { db, eventOf, changed, groupedBy } = options;
  const reorderMismatch = options.reorderMismatch ?? notFound;
  const table = eventPartsTable(db, options);
  type PartRecord = Selectable<Database[T]>;
  const eventIdOf = (part: PartRecord) => (part as unknown as PartColumns).event_id;
  const groupOf = (part: PartRecord) =>
    groupedBy ? ((part as Record<string, unknown>)[groupedBy] as PartGroup) : undefined;

  /** The part and its event, when the caller sees the event with the permission; 404 otherwise. */
  async function partOf(
    caller: Caller,
    id: string,
    permission: Permission,
  ): Promise<A & { part: PartRecord }> {
    const part = await table.find(id);
    if (!part) throw notFound();
    return { ...(await eventOf(caller, eventIdOf(part), permission)), part };
  }

  return {
    table,
    partOf,

    /** A page of the event's parts (of one group), for a caller who may read the event. */
    async list(
      caller: Caller,
      eventId: string,
      page: PageWindow,
      group?: PartGroup,
    ): Promise<PagedRows<PartRecord>> {
      const { event } = await eventOf(caller, eventId, 'event:read');
      return table.list(event.id, page, group);
    },

    /**
     * A new part of the event, last of its group: `values` checks and builds its row for the event
     * the caller may change (reading outside the insert's transaction), then it is inserted.
     */
    async create(
      caller: Caller,
      eventId: string,
      values: (access: A) => Insertable<Database[T]> | Promise<Insertable<Database[T]>>,
    ): Promise<PartRecord> {
      const access = await eventOf(caller, eventId, 'event:update');
      const row = await values(access);
      const part = await db.transaction().execute((tx) => table.insert(row, tx));
      await changed(access.event);
      return part;
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const { part, event } = await partOf(caller, id, 'event:update');
      await table.delete((part as unknown as PartColumns).id);
      await changed(event);
    },

    /**
     * New ranks for every part of one group (the first part's, or the one `only` group the route
     * reorders) of one event, in one transaction; anything else is refused whole (`reorderMismatch`)
     * and nothing is saved. Answers the group.
     */
    async reorder(caller: Caller, request: Reorder, only?: PartGroup): Promise<PartRecord[]> {
      const { part: first, event } = await partOf(
        caller,
        request.object_list[0]?.pk ?? '',
        'event:update',
      ).catch(() => {
        throw reorderMismatch();
      });
      const group = only ?? groupOf(first);
      const parts = await db.transaction().execute(async (tx) => {
        if (!(await table.reorder(event.id, group, request.object_list, tx))) throw reorderMismatch();
        return table.all(event.id, group, tx);
      });
      await changed(event);
      return parts;
    },
  };
}
