import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { RoomTable } from './rooms.tables.ts';
import { copyWithoutOwners } from '../../back-office/event-parts.ts';

export type RoomRecord = Selectable<RoomTable>;

/**
 * Event duplication: the source's event rooms onto the copy, without owners (a role is per event).
 * A booth's discussion rooms go with their booth (copyBoothRooms). The rooms' own statements; the
 * kit of an event's parts (back-office/event-parts.ts) does the rest.
 */
export async function copyRooms(
  sourceEventId: string,
  targetEventId: string,
  newIds: Map<string, string>,
  tx: Executor,
): Promise<void> {
  const copy = { sourceEventId, targetEventId, newIds };
  await copyWithoutOwners('rooms', copy, tx, sql<boolean>`booth_id is null`);
}

/** A booth's discussion rooms: the booth's own rows of `rooms`, in its order. */
export function createBoothRoomsRepository(db: Executor) {
  return {
    of: async (boothIds: readonly string[], tx: Executor = db): Promise<RoomRecord[]> =>
      boothIds.length === 0
        ? []
        : tx
            .selectFrom('rooms')
            .selectAll()
            .where('booth_id', 'in', boothIds)
            .orderBy('rank')
            .orderBy('created_at')
            .orderBy('id')
            .execute(),

    async insert(
      booth: { id: string; event_id: string; owner_id: string | null },
      name: string,
      rank: number,
      tx: Executor,
    ): Promise<void> {
      await tx
        .insertInto('rooms')
        .values({
          event_id: booth.event_id,
          booth_id: booth.id,
          is_booth: true,
          owner_id: booth.owner_id,
          name,
          rank,
        })
        .execute();
    },

    async rename(id: string, name: string, rank: number, tx: Executor): Promise<void> {
      await tx.updateTable('rooms').set({ name, rank }).where('id', '=', id).execute();
    },

    async deleteAllBut(boothId: string, keptIds: readonly string[], tx: Executor): Promise<void> {
      let query = tx.deleteFrom('rooms').where('booth_id', '=', boothId);
      if (keptIds.length > 0) query = query.where('id', 'not in', keptIds);
      await query.execute();
    },

    /** The booth's sponsor runs its rooms. */
    async setOwner(boothId: string, ownerId: string | null, tx: Executor = db): Promise<void> {
      await tx.updateTable('rooms').set({ owner_id: ownerId }).where('booth_id', '=', boothId).execute();
    },

    /** Event duplication: a booth's rooms onto its copy (no owner: a role is per event). */
    async copy(fromBoothId: string, to: { id: string; event_id: string }, tx: Executor): Promise<void> {
      const rows = await tx.selectFrom('rooms').selectAll().where('booth_id', '=', fromBoothId).execute();
      for (const { id: _id, created_at: _created, ...fields } of rows)
        await tx
          .insertInto('rooms')
          .values({ ...fields, event_id: to.event_id, booth_id: to.id, owner_id: null })
          .execute();
    },
  };
}
