import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { EngagementTables } from './engagement.tables.ts';

/** The engagement items addressed by the event and their own id: messages, questions and polls. */
type EventItemTable = 'engagement_messages' | 'engagement_questions' | 'engagement_polls';
type EventItem<T extends EventItemTable> = Selectable<EngagementTables[T]>;

/** Any item table seen through the two columns they share (the statements below need no more). */
const scoped = (db: Executor) =>
  db as unknown as Kysely<Record<EventItemTable, { id: string; event_id: string }>>;

/** The event's item with this id; none when it is another event's or the id is malformed. */
export async function itemInEvent<T extends EventItemTable>(
  db: Executor,
  table: T,
  eventId: string,
  id: string,
): Promise<EventItem<T> | undefined> {
  if (!isUuid(id)) return undefined;
  const anyTable: EventItemTable = table; // one table type for the builder
  const row = await scoped(db)
    .selectFrom(anyTable)
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as EventItem<T> | undefined;
}

/** Changes the event's item with this id and answers it changed; none as `itemInEvent` finds none. */
export async function changeItemInEvent<T extends EventItemTable>(
  db: Executor,
  table: T,
  eventId: string,
  id: string,
  changes: Updateable<EngagementTables[T]>,
): Promise<EventItem<T> | undefined> {
  if (!isUuid(id)) return undefined;
  const anyTable: EventItemTable = table; // one table type for the builder (T makes `set` a union)
  const row = await scoped(db)
    .updateTable(anyTable)
    .set(changes as never)
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as EventItem<T> | undefined;
}
