import { isUuid } from '../../../platform/db/uuid.ts';
import { registrantListMessages as messages } from '@studio/domain';
import type { Caller } from '../../../platform/http/caller.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import type { MembersDeps } from './members.service.ts';
import { checkSheet } from './flat-file.ts';
import { createSheetsRepository } from './flat-file.repository.ts';

const sheetNotFound = () => new HttpError(404, 'SHEET_NOT_FOUND', messages.sheetNotFound);

/**
 * Flat-file import of registrants (002 §7.13a): validate a CSV into a sheet (valid rows kept, each
 * bad row reported), then submit it once — every valid row registered in ONE transaction (all or
 * nothing if the database fails), through the registrations service's set-wise registerMany, with
 * source 'import'. Imported people get the confirmation email like any registrant (enqueued as
 * jobs in the same transaction: nothing is sent if the import rolls back).
 */
export function createFlatFileService(deps: MembersDeps) {
  const { db, events } = deps;
  const sheets = createSheetsRepository(db);
  return {
    async validate(caller: Caller, eventId: string, file: Buffer | undefined) {
      const { event } = await events.programmeEventOf(caller, eventId, 'event:update');
      if (!file || file.length === 0) throw new HttpError(400, 'VALIDATION_ERROR', messages.fileRequired);
      const { rows, errors, totalRows } = await checkSheet(file, await deps.formOfEvent(event.id));
      const sheetId = await sheets.insert({
        organizationId: event.organizationId,
        eventId: event.id,
        createdBy: caller.userId,
        rows,
        errors,
        totalRows,
      });
      return { sheet_id: sheetId, rows: rows.length, total_rows: totalRows, errors };
    },

    async submit(caller: Caller, eventId: string, sheetId: string) {
      const { event } = await events.programmeEventOf(caller, eventId, 'event:update');
      if (!isUuid(sheetId)) throw sheetNotFound();
      const registrations = deps.registrations();
      await registrations.ready();
      return await db.transaction().execute(async (tx) => {
        const sheet = await sheets.take(event.id, sheetId, tx);
        if (!sheet) throw sheetNotFound();
        const counts = {
          created: 0,
          existing: 0,
          waitlisted: 0,
          rejected: sheet.total_rows - sheet.rows.length,
        };
        const outcomes = await registrations.registerMany(
          event.organizationId,
          event.id,
          sheet.rows.map((row) => ({
            person: {
              email: row.email,
              first_name: row.first_name,
              last_name: row.last_name,
              ...(row.company ? { company: row.company } : {}),
              ...(row.title ? { title: row.title } : {}),
            },
            answers: row.answers,
            source: 'import',
            ...(row.event_user_status ? { status: row.event_user_status } : {}),
            sendEmail: true,
          })),
          tx,
        );
        for (const outcome of outcomes) {
          if (outcome.ok && outcome.status === 'WAITLISTED' && outcome.created) counts.waitlisted += 1;
          else if (outcome.ok && outcome.created) counts.created += 1;
          else if (outcome.ok || outcome.code.startsWith('USER_ALREADY')) counts.existing += 1;
          else counts.rejected += 1;
        }
        return counts;
      });
    },
  };
}

export type FlatFileService = ReturnType<typeof createFlatFileService>;
