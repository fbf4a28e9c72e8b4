import type { ColumnType, Generated } from 'kysely';
import type { StoredSurveyAnswer, SurveyQuestion } from '@studio/domain';

type Json<T> = ColumnType<T, string, string>;

/** An event's surveys (migration 0014): the library (`duplicated_from` null) and sessions' copies. */
export interface SurveyTable {
  id: Generated<string>;
  event_id: string;
  title: string;
  description: Generated<string>;
  questions: Json<SurveyQuestion[]>;
  duplicated_from: string | null;
  /** The session holding this copy; null for a library survey. */
  broadcast_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One person's answers to a session's survey (migration 0045): once per survey copy and person. */
export interface SurveyResponseTable {
  id: Generated<string>;
  event_id: string;
  /** The session's copy that was answered. */
  survey_id: string;
  broadcast_id: string;
  user_id: string;
  /** The respondent's name in the event when they answered. */
  respondent_name: string;
  answers: Json<StoredSurveyAnswer[]>;
  created_at: Generated<Date>;
}

export interface SurveysTables {
  surveys: SurveyTable;
  survey_responses: SurveyResponseTable;
}
