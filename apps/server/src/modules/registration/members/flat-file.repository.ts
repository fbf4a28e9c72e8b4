import { FLAT_FILE_SHEET_TTL_MINUTES } from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { RowError, SheetRow } from './flat-file.ts';

/** Validated flat files waiting for their submit (`registration_sheets`). */
export function createSheetsRepository(db: Executor) {
  return {
    async insert(
      sheet: {
        organizationId: string;
        eventId: string;
        createdBy: string;
        rows: SheetRow[];
        errors: RowError[];
        totalRows: number;
      },
      tx: Executor = db,
    ): Promise<string> {
      const { id } = await tx
        .insertInto('registration_sheets')
        .values({
          organization_id: sheet.organizationId,
          event_id: sheet.eventId,
          created_by: sheet.createdBy,
          rows: JSON.stringify(sheet.rows),
          errors: JSON.stringify(sheet.errors),
          total_rows: sheet.totalRows,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * The event's sheet waiting for its submit, locked and marked submitted in `tx` (a second
     * submit, even a concurrent one, finds nothing); expired sheets are not found.
     */
    async take(eventId: string, sheetId: string, tx: Executor) {
      const sheet = await tx
        .selectFrom('registration_sheets')
        .select(['id', 'rows', 'errors', 'total_rows'])
        .where('id', '=', sheetId)
        .where('event_id', '=', eventId)
        .where('submitted_at', 'is', null)
        .where(sql<boolean>`created_at > now() - make_interval(mins => ${FLAT_FILE_SHEET_TTL_MINUTES})`)
        .forUpdate()
        .executeTakeFirst();
      if (!sheet) return undefined;
      await tx
        .updateTable('registration_sheets')
        .set({ submitted_at: sql`now()` })
        .where('id', '=', sheetId)
        .execute();
      return { ...sheet, rows: sheet.rows as unknown as SheetRow[] };
    },
  };
}
