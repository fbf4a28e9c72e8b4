import { sql, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { PardotImportTable } from './integrations.tables.ts';

export type PardotImportRow = Selectable<PardotImportTable>;

/** The events' Pardot imports (one row per importing event) and the prospects each has imported. */
export function createPardotImportsRepository(db: Executor) {
  return {
    find: (eventId: string) =>
      db.selectFrom('pardot_imports').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

    /** The events whose list imports (the sweep's runs). */
    async eventIds(): Promise<string[]> {
      const rows = await db.selectFrom('pardot_imports').select('event_id').execute();
      return rows.map((row) => row.event_id);
    },

    /** The import of the event's list from now on: a new one, or the event's own with its count kept for the same list. */
    async start(tx: Executor, event: { organizationId: string; id: string }, listId: number): Promise<void> {
      await tx
        .insertInto('pardot_imports')
        .values({ event_id: event.id, organization_id: event.organizationId, list_id: listId })
        .onConflict((conflict) =>
          conflict.column('event_id').doUpdateSet({
            list_id: listId,
            status: 'importing',
            error: null,
            // Another list: its count starts again (its prospects are its own).
            imported_count: sql<number>`case when pardot_imports.list_id = ${listId}
              then pardot_imports.imported_count else 0 end`,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    /** A change of the event's import, `added` prospects newly registered; the row as it now stands. */
    mark: (eventId: string, changes: Updateable<PardotImportTable>, added: number) =>
      db
        .updateTable('pardot_imports')
        .set({
          ...changes,
          imported_count: sql<number>`imported_count + ${added}`,
          updated_at: sql<Date>`now()`,
        })
        .where('event_id', '=', eventId)
        .returningAll()
        .executeTakeFirst(),

    async remove(eventId: string): Promise<void> {
      await db.deleteFrom('pardot_imports').where('event_id', '=', eventId).execute();
    },

    /** The prospects of the list the event has imported. */
    async importedProspects(eventId: string, listId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('pardot_imported_prospects')
        .select('prospect_id')
        .where('event_id', '=', eventId)
        .where('list_id', '=', listId)
        .execute();
      return new Set(rows.map((row) => Number(row.prospect_id)));
    },

    /** These prospects imported for good (in the transaction that registered them). */
    async markImported(
      tx: Executor,
      event: { eventId: string; listId: number },
      prospectIds: readonly number[],
    ): Promise<void> {
      if (prospectIds.length === 0) return;
      await tx
        .insertInto('pardot_imported_prospects')
        .values(
          prospectIds.map((id) => ({ event_id: event.eventId, list_id: event.listId, prospect_id: id })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },
  };
}
