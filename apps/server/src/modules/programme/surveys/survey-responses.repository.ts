import type { Selectable } from 'kysely';
import type { StoredSurveyAnswer } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { pagedList, type PageWindow } from '../../../platform/db/paged-list.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import type { SurveyResponseTable } from './surveys.tables.ts';

export type SurveyResponseRecord = Selectable<SurveyResponseTable>;

export interface NewSurveyResponse {
  event_id: string;
  survey_id: string;
  broadcast_id: string;
  user_id: string;
  respondent_name: string;
  answers: StoredSurveyAnswer[];
  /** When it was sent (the studio's clock). */
  created_at: Date;
}

/** People's answers to sessions' surveys (all their SQL). */
export function createSurveyResponsesRepository(db: Executor) {
  /** The responses to a survey: a session's copy's own, or those of every copy of a library survey. */
  const of = (surveyId: string) =>
    db
      .selectFrom('survey_responses')
      .where((eb) =>
        eb.or([
          eb('survey_id', '=', surveyId),
          eb(
            'survey_id',
            'in',
            eb.selectFrom('surveys').select('id').where('duplicated_from', '=', surveyId),
          ),
        ]),
      );

  return {
    /** Stores a submission; 'answered' when the person already answered this survey (its key). */
    async insert(response: NewSurveyResponse): Promise<SurveyResponseRecord | 'answered'> {
      try {
        return await db
          .insertInto('survey_responses')
          .values({ ...response, answers: JSON.stringify(response.answers) })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) return 'answered';
        throw error;
      }
    },

    /** Which of these surveys the person answered. */
    async answeredBy(userId: string, surveyIds: readonly string[]): Promise<Set<string>> {
      if (surveyIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('survey_responses')
        .select('survey_id')
        .where('user_id', '=', userId)
        .where('survey_id', 'in', surveyIds)
        .execute();
      return new Set(rows.map((row) => row.survey_id));
    },

    /** A page of a survey's responses, oldest first. */
    page: (surveyId: string, page: PageWindow) =>
      pagedList(of(surveyId), of(surveyId).selectAll().orderBy('created_at').orderBy('id'), page),

    /** Every response of a survey, `size` at a time, oldest first (the CSV export). */
    async *batches(surveyId: string, size: number): AsyncGenerator<SurveyResponseRecord[]> {
      let after: { created_at: Date; id: string } | undefined;
      for (;;) {
        let query = of(surveyId).selectAll();
        if (after) {
          const last = after;
          query = query.where((eb) =>
            eb.or([
              eb('created_at', '>', last.created_at),
              eb.and([eb('created_at', '=', last.created_at), eb('id', '>', last.id)]),
            ]),
          );
        }
        const rows = await query.orderBy('created_at').orderBy('id').limit(size).execute();
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        after = rows[rows.length - 1];
      }
    },
  };
}

export type SurveyResponsesRepository = ReturnType<typeof createSurveyResponsesRepository>;
