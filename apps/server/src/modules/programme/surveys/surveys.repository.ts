import type { Selectable } from 'kysely';
import type { SurveyQuestion } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import type { SurveyTable } from './surveys.tables.ts';
import { pagedList } from '../../../platform/db/paged-list.ts';

export type SurveyRecord = Selectable<SurveyTable>;

export interface SurveyFields {
  title: string;
  description: string;
  questions: SurveyQuestion[];
}

/** Which of an event's surveys a list shows. */
export interface SurveyFilter {
  /** true: the library (not copies); false: only copies. */
  library?: boolean;
  /** Only the copies this session holds. */
  broadcastId?: string;
}

/**
 * The surveys' own statements (the library filters, copies, the event's copy); the kit of an
 * event's parts (back-office/event-parts.ts) finds, adds, deletes and clears them.
 */
export function createSurveysRepository(db: Executor) {
  return {
    async list(eventId: string, filter: SurveyFilter, page: PageRequest, tx: Executor = db) {
      let query = tx.selectFrom('surveys').where('event_id', '=', eventId);
      if (filter.library !== undefined)
        query = query.where('duplicated_from', filter.library ? 'is' : 'is not', null);
      if (filter.broadcastId !== undefined) query = query.where('broadcast_id', '=', filter.broadcastId);
      return pagedList(query, query.selectAll().orderBy('created_at').orderBy('id'), page);
    },

    /** The copies the event's sessions hold (the surveys attendees answer). */
    sessionCopies: (eventId: string, tx: Executor = db): Promise<SurveyRecord[]> =>
      tx
        .selectFrom('surveys')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('broadcast_id', 'is not', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The copy of `sourceId` this session holds, if any. */
    copyIn: (sourceId: string, broadcastId: string, tx: Executor = db): Promise<SurveyRecord | undefined> =>
      tx
        .selectFrom('surveys')
        .selectAll()
        .where('duplicated_from', '=', sourceId)
        .where('broadcast_id', '=', broadcastId)
        .executeTakeFirst(),

    update: (
      id: string,
      changes: Partial<SurveyFields>,
      tx: Executor = db,
    ): Promise<SurveyRecord | undefined> => {
      const { questions, ...fields } = changes;
      return tx
        .updateTable('surveys')
        .set({
          ...fields,
          ...(questions ? { questions: JSON.stringify(questions) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Whether any survey was duplicated from this one. */
    async hasCopies(id: string, tx: Executor = db): Promise<boolean> {
      const row = await tx
        .selectFrom('surveys')
        .select('id')
        .where('duplicated_from', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Locks the survey until the transaction ends (a delete racing a duplicate). */
    lock: (id: string, tx: Executor) =>
      tx.selectFrom('surveys').select('id').where('id', '=', id).forUpdate().executeTakeFirst(),

    /**
     * Event duplication: the library first, then the sessions' copies re-pointed to the copied
     * sessions and library surveys (`newIds`, filled by the agenda's step before this one).
     */
    async copy(sourceEventId: string, targetEventId: string, newIds: Map<string, string>, tx: Executor) {
      const rows = await tx
        .selectFrom('surveys')
        .selectAll()
        .where('event_id', '=', sourceEventId)
        .orderBy('duplicated_from', 'desc') // nulls first: the library before its copies
        .orderBy('created_at')
        .execute();
      for (const row of rows) {
        const source = row.duplicated_from && newIds.get(row.duplicated_from);
        const session = row.broadcast_id && newIds.get(row.broadcast_id);
        // A copy whose session or source was not copied is left behind.
        if (row.duplicated_from && (!source || !session)) continue;
        const created = await tx
          .insertInto('surveys')
          .values({
            event_id: targetEventId,
            title: row.title,
            description: row.description,
            questions: JSON.stringify(row.questions),
            duplicated_from: source || null,
            broadcast_id: session || null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        newIds.set(row.id, created.id);
      }
    },
  };
}

export type SurveysRepository = ReturnType<typeof createSurveysRepository>;
