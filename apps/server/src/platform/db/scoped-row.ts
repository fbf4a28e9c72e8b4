import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Executor } from './executor.ts';
import type { Database } from './schema.ts';
import { isUuid } from './uuid.ts';

/** The column that says whose a row is: its organisation's or its event's. */
type ScopeColumn = 'organization_id' | 'event_id';

/** The tables whose rows are named by `id` and are each one scope's (they have the `S` column). */
type ScopedTable<S extends ScopeColumn> = {
  [T in keyof Database]: Database[T] extends { id: unknown } & Record<S, unknown> ? T : never;
}[keyof Database];

type Row<T extends keyof Database> = Selectable<Database[T]>;

/** Any scoped table seen through the columns they share: one table type for the builder. */
const shared = (db: Executor) => db as unknown as Kysely<Record<string, Record<'id' | ScopeColumn, string>>>;

/**
 * The statements on one row of a scope addressed by its own id: another scope's row is none, so a
 * caller that knows only its scope never reaches another's. `find` and `updateReturning` also answer
 * none for a malformed id (their callers pass ids as they come from the path).
 */
function scopedRows<S extends ScopeColumn>(scopeColumn: S) {
  const scope: ScopeColumn = scopeColumn; // one column type for the builder
  const updating = (db: Executor, table: string, scopeId: string, id: string, values: object) =>
    shared(db)
      .updateTable(table)
      // Nothing to change (a PATCH of no known field) still names the row, its id set to itself:
      // the caller learns whether it is there, and SQL never reads `set where`.
      .set(
        Object.values(values).some((value) => value !== undefined)
          ? (values as never)
          : (eb) => ({ id: eb.ref('id') }),
      )
      .where(scope, '=', scopeId)
      .where('id', '=', id);
  const deleting = (db: Executor, table: string, scopeId: string, id: string) =>
    shared(db).deleteFrom(table).where(scope, '=', scopeId).where('id', '=', id);

  return {
    async find<T extends ScopedTable<S>>(
      db: Executor,
      table: T,
      scopeId: string,
      id: string,
    ): Promise<Row<T> | undefined> {
      if (!isUuid(id)) return undefined;
      const row = await shared(db)
        .selectFrom(table as string)
        .selectAll()
        .where(scope, '=', scopeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row as Row<T> | undefined;
    },

    /** Changes the row and answers whether there was one. */
    async update<T extends ScopedTable<S>>(
      db: Executor,
      table: T,
      scopeId: string,
      id: string,
      values: Updateable<Database[T]>,
    ): Promise<boolean> {
      const result = await updating(db, table, scopeId, id, values).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Changes the row and answers it changed. */
    async updateReturning<T extends ScopedTable<S>>(
      db: Executor,
      table: T,
      scopeId: string,
      id: string,
      values: Updateable<Database[T]>,
    ): Promise<Row<T> | undefined> {
      if (!isUuid(id)) return undefined;
      const row = await updating(db, table, scopeId, id, values).returningAll().executeTakeFirst();
      return row as Row<T> | undefined;
    },

    /** Deletes the row and answers whether there was one. */
    async delete(db: Executor, table: ScopedTable<S>, scopeId: string, id: string): Promise<boolean> {
      const result = await deleting(db, table, scopeId, id).executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    /** Deletes the row and answers it as it was. */
    async deleteReturning<T extends ScopedTable<S>>(
      db: Executor,
      table: T,
      scopeId: string,
      id: string,
    ): Promise<Row<T> | undefined> {
      const row = await deleting(db, table, scopeId, id).returningAll().executeTakeFirst();
      return row as Row<T> | undefined;
    },
  };
}

/** The rows that are each one organisation's (`organization_id`). */
export const organizationRows = scopedRows('organization_id');

/** The rows that are each one event's (`event_id`): the engagement items, for one. */
export const eventRows = scopedRows('event_id');
