import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { pagedList, type PagedRows, type PageWindow } from '../../platform/db/paged-list.ts';
import type { EngagementAnswerTable, EngagementQuestionTable } from './engagement.tables.ts';
import { eventRows } from '../../platform/db/scoped-row.ts';

export type QuestionRow = Selectable<EngagementQuestionTable>;
export type AnswerRow = Selectable<EngagementAnswerTable>;

/**
 * Which of the event's questions the studio's queue reads: of one session (`sessionId`), the
 * event-wide ones (null) or every one (undefined); of one `state` when named.
 */
export interface QueueFilter {
  sessionId?: string | null | undefined;
  state?: QuestionRow['state'] | undefined;
}

/** Questions, their upvotes and answers (all their SQL). */
export function createQnaRepository(db: Executor) {
  return {
    async insert(question: Omit<QuestionRow, 'id' | 'created_at'>): Promise<QuestionRow> {
      return db.insertInto('engagement_questions').values(question).returningAll().executeTakeFirstOrThrow();
    },

    inEvent: (eventId: string, id: string): Promise<QuestionRow | undefined> =>
      eventRows.find(db, 'engagement_questions', eventId, id),

    async byIds(ids: readonly string[]): Promise<QuestionRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('engagement_questions').selectAll().where('id', 'in', ids).execute();
    },

    /**
     * The event's questions (of one session when named), oldest first: those in `states`, and any
     * question of `askerId`'s (their own pending ones); every question when no states are named.
     * `askedBy`: only that person's questions.
     */
    async list(
      eventId: string,
      filter: {
        sessionId?: string | undefined;
        states?: readonly string[];
        askerId?: string;
        askedBy?: string;
      },
    ): Promise<QuestionRow[]> {
      let query = db.selectFrom('engagement_questions').selectAll().where('event_id', '=', eventId);
      if (filter.sessionId) query = query.where('session_id', '=', filter.sessionId);
      if (filter.askedBy) query = query.where('asker_id', '=', filter.askedBy);
      const { states, askerId } = filter;
      if (states)
        query = query.where((where) =>
          askerId
            ? where.or([where('state', 'in', states), where('asker_id', '=', askerId)])
            : where('state', 'in', states),
        );
      return query.orderBy('created_at').orderBy('id').limit(1000).execute();
    },

    /** A page of every question of the event, pending ones too, newest first (the backstage), of what `filter` asks. */
    async pageOfEvent(
      eventId: string,
      page: PageWindow,
      { sessionId, state }: QueueFilter = {},
    ): Promise<PagedRows<QuestionRow>> {
      let matching = db.selectFrom('engagement_questions').where('event_id', '=', eventId);
      if (sessionId === null) matching = matching.where('session_id', 'is', null);
      else if (sessionId !== undefined) matching = matching.where('session_id', '=', sessionId);
      if (state !== undefined) matching = matching.where('state', '=', state);
      const rows = matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
      return pagedList(matching, rows, page);
    },

    update: (
      eventId: string,
      id: string,
      changes: Partial<Pick<QuestionRow, 'state' | 'assigned_speaker_id'>>,
    ): Promise<QuestionRow | undefined> =>
      eventRows.updateReturning(db, 'engagement_questions', eventId, id, changes),

    /** The upvote counts of these questions, and which of them a person upvoted. */
    async upvotes(
      ids: readonly string[],
    ): Promise<{ counts: Map<string, number>; upvotedBy: (userId: string) => Set<string> }> {
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom('engagement_question_upvotes')
              .select(['question_id', 'user_id'])
              .where('question_id', 'in', ids)
              .execute();
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.question_id, (counts.get(row.question_id) ?? 0) + 1);
      return {
        counts,
        upvotedBy: (user) =>
          new Set(rows.filter((row) => row.user_id === user).map((row) => row.question_id)),
      };
    },

    /** Adds or takes back the person's upvote; false when there was nothing to change. */
    async setUpvote(questionId: string, userId: string, on: boolean): Promise<boolean> {
      if (on) {
        const added = await db
          .insertInto('engagement_question_upvotes')
          .values({ question_id: questionId, user_id: userId })
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirst();
        return (added.numInsertedOrUpdatedRows ?? 0n) > 0n;
      }
      const removed = await db
        .deleteFrom('engagement_question_upvotes')
        .where('question_id', '=', questionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return removed.numDeletedRows > 0n;
    },

    async insertAnswer(answer: Omit<AnswerRow, 'id' | 'created_at'>): Promise<AnswerRow> {
      return db.insertInto('engagement_answers').values(answer).returningAll().executeTakeFirstOrThrow();
    },

    async answersOf(questionIds: readonly string[]): Promise<AnswerRow[]> {
      if (questionIds.length === 0) return [];
      return db
        .selectFrom('engagement_answers')
        .selectAll()
        .where('question_id', 'in', questionIds)
        .orderBy('created_at')
        .execute();
    },
  };
}

export type QnaRepository = ReturnType<typeof createQnaRepository>;
