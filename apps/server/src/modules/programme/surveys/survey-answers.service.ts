import {
  responseAnswerText,
  storedSurveyAnswers,
  SURVEY_RESPONSES_EXPORT_BATCH,
  SURVEY_SUBMISSION_ERROR_KEY,
  surveyAnswerErrors,
  surveyAnswerMessages,
  type AttendeeSurvey,
  type SubmitSurveyAnswers,
  type SurveyResponse,
} from '@studio/domain';
import type { Activities } from '../../../platform/activities.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageWindow } from '../../../platform/db/paged-list.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { csvLine } from '../../../platform/http/csv.ts';
import { HttpError, notFound } from '../../../platform/http/errors.ts';
import { createSurveyResponsesRepository, type SurveyResponseRecord } from './survey-responses.repository.ts';
import { createSurveysRepository, type SurveyRecord } from './surveys.repository.ts';
import type { EditableSurvey } from './surveys.service.ts';

/** A session as the surveys offer it: its title and start (the agenda's). */
export interface SurveySession {
  id: string;
  title: string;
  start_time: Date;
}

export interface SurveyAnswersDeps {
  db: Executor;
  clock: () => Date;
  /** The event's sessions (the agenda's). */
  sessionsOf(eventId: string): Promise<SurveySession[]>;
  /** The survey and its event when the caller may read it (404 otherwise): the surveys service's. */
  readableSurvey(caller: Caller, id: string): Promise<EditableSurvey>;
  /** Each answered survey, for the organisation's webhooks and CRMs (user_engagement:in_app_survey). */
  activities: () => Activities;
}

/** The person answering: their id and their name in the event. */
export interface Respondent {
  userId: string;
  name: string;
}

const FIXED_COLUMNS = ['Name', 'Session', 'Submitted at'];

const attendeeSurvey = (survey: SurveyRecord, session: SurveySession, answered: boolean): AttendeeSurvey => ({
  id: survey.id,
  title: survey.title,
  description: survey.description,
  questions: survey.questions,
  session: { id: session.id, title: session.title },
  answered,
});

/**
 * Sessions' surveys answered by the event's people (issue 34 §4): offered once the session has
 * started (during and after it), answered once per person, read and exported by organisers.
 */
export function createSurveyAnswersService(deps: SurveyAnswersDeps) {
  const surveys = createSurveysRepository(deps.db);
  const responses = createSurveyResponsesRepository(deps.db);

  /** The event's sessions' surveys whose session has started, with the session. */
  async function offered(eventId: string): Promise<{ survey: SurveyRecord; session: SurveySession }[]> {
    const now = deps.clock().getTime();
    const started = new Map(
      (await deps.sessionsOf(eventId))
        .filter((session) => session.start_time.getTime() <= now)
        .map((session) => [session.id, session]),
    );
    return (await surveys.sessionCopies(eventId)).flatMap((survey) => {
      const session = survey.broadcast_id ? started.get(survey.broadcast_id) : undefined;
      return session ? [{ survey, session }] : [];
    });
  }

  const sessionTitles = async (eventId: string) =>
    new Map((await deps.sessionsOf(eventId)).map((session) => [session.id, session.title]));

  return {
    /** The surveys offered to the person, each saying whether they answered it. */
    async offeredTo(eventId: string, userId: string): Promise<AttendeeSurvey[]> {
      const found = await offered(eventId);
      const answered = await responses.answeredBy(
        userId,
        found.map(({ survey }) => survey.id),
      );
      return found.map(({ survey, session }) => attendeeSurvey(survey, session, answered.has(survey.id)));
    },

    /** Stores the person's answers: 404 unless offered, 400 when the survey's rule refuses them, 409 the second time. */
    async submit(
      event: { id: string; organizationId: string },
      respondent: Respondent,
      surveyId: string,
      body: SubmitSurveyAnswers,
    ): Promise<AttendeeSurvey> {
      const eventId = event.id;
      const found = (await offered(eventId)).find(({ survey }) => survey.id === surveyId);
      if (!found) throw notFound();
      const { survey, session } = found;
      const errors = surveyAnswerErrors(survey.questions, body.answers);
      const fields = Object.entries(errors);
      if (fields.length > 0)
        throw new HttpError(
          400,
          'VALIDATION_ERROR',
          fields[0]?.[1] ?? '',
          Object.fromEntries(
            fields.map(([id, message]) => [
              id === SURVEY_SUBMISSION_ERROR_KEY ? id : `answers.${id}`,
              [message],
            ]),
          ),
        );
      const stored = await responses.insert({
        event_id: eventId,
        survey_id: survey.id,
        broadcast_id: session.id,
        user_id: respondent.userId,
        respondent_name: respondent.name,
        answers: storedSurveyAnswers(survey.questions, body.answers),
        created_at: deps.clock(),
      });
      if (stored === 'answered') throw new HttpError(409, 'CONFLICT', surveyAnswerMessages.alreadyAnswered);
      await deps.activities().record({
        organizationId: event.organizationId,
        eventId,
        type: 'user_engagement:in_app_survey',
        data: { user_id: respondent.userId, session_id: session.id, survey_id: survey.id },
      });
      return attendeeSurvey(survey, session, true);
    },

    /** A page of the survey's responses (a library survey: of every session's copy), with `event:read`. */
    async responses(
      caller: Caller,
      surveyId: string,
      page: PageWindow,
    ): Promise<{ count: number; results: SurveyResponse[] }> {
      const { survey, event } = await deps.readableSurvey(caller, surveyId);
      const [{ count, rows }, titles] = await Promise.all([
        responses.page(survey.id, page),
        sessionTitles(event.id),
      ]);
      return { count, results: rows.map((row) => toResponse(row, titles.get(row.broadcast_id) ?? '')) };
    },

    /**
     * The survey's responses as CSV lines: the respondent, the session and when, then one column
     * per question of the survey (matched by id, else by the question's text as answered).
     */
    async exportOf(caller: Caller, surveyId: string) {
      const { survey, event } = await deps.readableSurvey(caller, surveyId);
      const titles = await sessionTitles(event.id);
      const questions = survey.questions;
      async function* lines(): AsyncGenerator<string> {
        yield csvLine([...FIXED_COLUMNS, ...questions.map((question) => question.text)]);
        for await (const batch of responses.batches(survey.id, SURVEY_RESPONSES_EXPORT_BATCH))
          yield batch
            .map((row) =>
              csvLine([
                row.respondent_name,
                titles.get(row.broadcast_id) ?? '',
                row.created_at.toISOString(),
                ...questions.map((question) => responseAnswerText(row.answers, question)),
              ]),
            )
            .join('');
      }
      return { title: survey.title, lines };
    },
  };
}

export type SurveyAnswersService = ReturnType<typeof createSurveyAnswersService>;

function toResponse(row: SurveyResponseRecord, sessionTitle: string): SurveyResponse {
  return {
    id: row.id,
    survey: row.survey_id,
    session: { id: row.broadcast_id, title: sessionTitle },
    respondent: { id: row.user_id, name: row.respondent_name },
    answers: row.answers,
    created_at: row.created_at.toISOString(),
  };
}
