import type { Selectable } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { SessionDocumentTable } from './session-documents.tables.ts';

export type SessionDocumentRow = Selectable<SessionDocumentTable>;

/** All SQL of session documents, in the order they were added. */
export function createSessionDocumentsRepository(db: Executor) {
  return {
    ofSession: (eventId: string, sessionId: string) =>
      db
        .selectFrom('session_documents')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('broadcast_id', '=', sessionId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    async countOf(sessionId: string): Promise<number> {
      const row = await db
        .selectFrom('session_documents')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('broadcast_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insert: (row: { event_id: string; broadcast_id: string; kind: string; title: string; url: string }) =>
      db.insertInto('session_documents').values(row).returningAll().executeTakeFirstOrThrow(),

    /** Whether the session's document was there to remove. */
    async remove(sessionId: string, id: string): Promise<boolean> {
      const removed = await db
        .deleteFrom('session_documents')
        .where('broadcast_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      return removed.numDeletedRows > 0n;
    },

    /**
     * Event duplication: the source's documents onto the copied sessions (`newIds`, filled by the
     * agenda's step), in their order; a file's address stays the same stored file.
     */
    async copy(sourceEventId: string, targetEventId: string, newIds: Map<string, string>, tx: Executor) {
      const rows = await tx
        .selectFrom('session_documents')
        .selectAll()
        .where('event_id', '=', sourceEventId)
        .execute();
      const copies = rows.flatMap(({ id: _id, broadcast_id, ...fields }) => {
        const session = newIds.get(broadcast_id);
        return session ? [{ ...fields, event_id: targetEventId, broadcast_id: session }] : [];
      });
      if (copies.length > 0) await tx.insertInto('session_documents').values(copies).execute();
    },

    clear: (eventId: string, tx: Executor) =>
      tx.deleteFrom('session_documents').where('event_id', '=', eventId).execute(),
  };
}

export type SessionDocumentsRepository = ReturnType<typeof createSessionDocumentsRepository>;
