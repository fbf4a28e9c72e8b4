import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import type { RoomTable } from './rooms.tables.ts';

export type RoomRecord = Selectable<RoomTable>;
export type RoomChanges = Omit<Updateable<RoomTable>, 'id' | 'event_id' | 'created_at'>;

/** The only code that touches `rooms`. */
export function createRoomsRepository(db: Executor) {
  return {
    async list(eventId: string, page: PageRequest, tx: Executor = db) {
      const query = tx.selectFrom('rooms').where('event_id', '=', eventId);
      const [{ count }, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        query
          .selectAll()
          .orderBy('rank')
          .orderBy('created_at')
          .orderBy('id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return { count: Number(count), rows };
    },

    find: (id: string, tx: Executor = db): Promise<RoomRecord | undefined> =>
      tx.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A new room goes last. */
    async insert(
      eventId: string,
      fields: Omit<RoomChanges, 'rank'> & { name: string },
      tx: Executor = db,
    ): Promise<RoomRecord> {
      return tx
        .insertInto('rooms')
        .values((eb) => ({
          ...fields,
          event_id: eventId,
          rank: eb
            .selectFrom('rooms')
            .select(eb.fn.coalesce(eb(eb.fn.max('rank'), '+', 1), eb.lit(0)).as('next'))
            .where('event_id', '=', eventId),
        }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(id: string, changes: RoomChanges, tx: Executor = db): Promise<RoomRecord | undefined> {
      if (Object.keys(changes).length === 0) return this.find(id, tx);
      return tx.updateTable('rooms').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('rooms').where('id', '=', id).execute();
    },

    /** The ids of the event's rooms, locked until the transaction ends (reorder). */
    async idsForUpdate(eventId: string, tx: Executor): Promise<string[]> {
      const rows = await tx
        .selectFrom('rooms')
        .select('id')
        .where('event_id', '=', eventId)
        .forUpdate()
        .execute();
      return rows.map((row) => row.id);
    },

    async setRank(id: string, rank: number, tx: Executor): Promise<void> {
      await tx.updateTable('rooms').set({ rank }).where('id', '=', id).execute();
    },

    async clear(eventId: string, tx: Executor): Promise<void> {
      await tx.deleteFrom('rooms').where('event_id', '=', eventId).execute();
    },

    /** Event duplication: the source's rooms onto the copy, without owners (a role is per event). */
    async copy(sourceEventId: string, targetEventId: string, newIds: Map<string, string>, tx: Executor) {
      const rows = await tx.selectFrom('rooms').selectAll().where('event_id', '=', sourceEventId).execute();
      for (const { id, event_id: _event, created_at: _created, owner_id: _owner, ...fields } of rows) {
        const created = await tx
          .insertInto('rooms')
          .values({ ...fields, event_id: targetEventId, owner_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        newIds.set(id, created.id);
      }
    },
  };
}

export type RoomsRepository = ReturnType<typeof createRoomsRepository>;
