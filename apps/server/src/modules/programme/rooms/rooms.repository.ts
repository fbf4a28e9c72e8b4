import type { Selectable } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { RoomTable } from './rooms.tables.ts';

export type RoomRecord = Selectable<RoomTable>;

/**
 * Event duplication: the source's rooms onto the copy, without owners (a role is per event). The
 * rooms' one own statement; the kit of an event's parts (back-office/event-parts.ts) does the rest.
 */
export async function copyRooms(
  sourceEventId: string,
  targetEventId: string,
  newIds: Map<string, string>,
  tx: Executor,
): Promise<void> {
  const rows = await tx.selectFrom('rooms').selectAll().where('event_id', '=', sourceEventId).execute();
  for (const { id, event_id: _event, created_at: _created, owner_id: _owner, ...fields } of rows) {
    const created = await tx
      .insertInto('rooms')
      .values({ ...fields, event_id: targetEventId, owner_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    newIds.set(id, created.id);
  }
}
