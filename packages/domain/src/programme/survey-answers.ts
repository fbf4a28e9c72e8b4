import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { hasControlCharacter } from '../engagement/schemas.ts';
import { pageQuery } from '../events/query.ts';
import {
  SURVEY_MAX_OPTIONS,
  SURVEY_MAX_QUESTIONS,
  SURVEY_RATING_SCALE,
  surveyQuestionSchema,
  type SurveyQuestion,
} from './surveys.ts';

/** An attendee's text answer is at most this long (issue 34 §7: attendee text is bounded). */
export const SURVEY_ANSWER_MAX_LENGTH = 2000;
/** The studio's table of a survey's responses, a page. */
export const SURVEY_RESPONSES_PAGE_SIZE = 25;
/** The CSV export reads the responses this many at a time. */
export const SURVEY_RESPONSES_EXPORT_BATCH = 500;

export const surveyAnswerMessages = {
  required: 'This question needs an answer.',
  unknownQuestion: 'This question is not part of the survey.',
  answeredTwice: 'Answer each question once.',
  oneChoice: 'Choose one of the options.',
  choices: 'Choose among the question’s options.',
  rating: `Rate from 1 to ${SURVEY_RATING_SCALE}.`,
  text: 'Write your answer as text.',
  tooLong: `At most ${SURVEY_ANSWER_MAX_LENGTH} characters.`,
  notAllowed: 'Contains characters that are not allowed',
  /** A submission answering none of the questions (all of them optional): nothing to count. */
  noAnswer: 'Answer at least one question before sending.',
  /** 409: a second submission of the same person for the same session's survey. */
  alreadyAnswered: 'You have already answered this survey.',
  thanks: 'Thanks for your answers!',
  submit: 'Send answers',
  surveysTitle: 'Surveys',
  noSurveys: 'No surveys yet. They appear here once their session starts.',
  optional: '(optional)',
  loading: 'Loading the surveys…',
  loadFailed: 'Could not load the surveys. Please try again.',
} as const;

/** A TEXT answer is a string, a RATING a whole number, a choice the indexes of its options. */
export const surveyAnswerValueSchema = z.union([
  z.string().max(SURVEY_ANSWER_MAX_LENGTH * 2),
  z.number().int(),
  z.array(z.number().int()).max(SURVEY_MAX_OPTIONS),
]);
export type SurveyAnswerValue = z.infer<typeof surveyAnswerValueSchema>;

export const surveyAnswerInputSchema = z.object({
  question_id: z.string().max(100),
  value: surveyAnswerValueSchema,
});
export type SurveyAnswerInput = z.infer<typeof surveyAnswerInputSchema>;

/** The attendee's submission (`surveyAttendeeCalls.answers`). */
export const submitSurveyAnswersBody = z.object({
  answers: z.array(surveyAnswerInputSchema).max(SURVEY_MAX_QUESTIONS),
});
export type SubmitSurveyAnswers = z.infer<typeof submitSurveyAnswersBody>;

/** An answer as stored and shown: its question's text then, the value, and the value as text. */
export const storedSurveyAnswerSchema = z.object({
  question_id: z.string(),
  question: z.string(),
  value: surveyAnswerValueSchema,
  text: z.string(),
});
export type StoredSurveyAnswer = z.infer<typeof storedSurveyAnswerSchema>;

const unanswered = (value: SurveyAnswerValue | undefined) =>
  value === undefined ||
  (typeof value === 'string' ? value.trim() === '' : Array.isArray(value) && !value.length);

/** What is wrong with an answered value, given its question (undefined: nothing). */
function valueError(question: SurveyQuestion, value: SurveyAnswerValue): string | undefined {
  switch (question.question_type) {
    case 'TEXT':
      if (typeof value !== 'string') return surveyAnswerMessages.text;
      if (value.trim().length > SURVEY_ANSWER_MAX_LENGTH) return surveyAnswerMessages.tooLong;
      return hasControlCharacter(value) ? surveyAnswerMessages.notAllowed : undefined;
    case 'RATING':
      return typeof value === 'number' && value >= 1 && value <= SURVEY_RATING_SCALE
        ? undefined
        : surveyAnswerMessages.rating;
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const single = question.question_type === 'SINGLE_CHOICE';
      if (!Array.isArray(value)) return surveyAnswerMessages.choices;
      if (single && value.length !== 1) return surveyAnswerMessages.oneChoice;
      const inRange = value.every((index) => index >= 0 && index < question.options.length);
      return inRange && new Set(value).size === value.length ? undefined : surveyAnswerMessages.choices;
    }
  }
}

/**
 * Where `surveyAnswerErrors` puts the problem of the submission as a whole (it answers nothing):
 * the API's field `answers` (the answers' own problems are `answers.<question id>`).
 */
export const SURVEY_SUBMISSION_ERROR_KEY = 'answers';

/**
 * The one rule of a survey's submission (server and event app): each answer names a question of
 * the survey once, fits its type, every `required` question is answered, and at least one
 * question is (a survey of optional questions sent blank would count as a response with nothing
 * in it). Answers the problem of each question by its id, or of the whole submission under
 * SURVEY_SUBMISSION_ERROR_KEY (empty: the submission may be stored).
 */
export function surveyAnswerErrors(
  questions: readonly SurveyQuestion[],
  answers: readonly SurveyAnswerInput[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const given = new Map<string, SurveyAnswerValue>();
  for (const answer of answers) {
    if (!questions.some((question) => question.id === answer.question_id))
      errors[answer.question_id] = surveyAnswerMessages.unknownQuestion;
    else if (given.has(answer.question_id)) errors[answer.question_id] = surveyAnswerMessages.answeredTwice;
    given.set(answer.question_id, answer.value);
  }
  for (const question of questions) {
    if (errors[question.id]) continue;
    const value = given.get(question.id);
    const problem = unanswered(value)
      ? question.required
        ? surveyAnswerMessages.required
        : undefined
      : valueError(question, value as SurveyAnswerValue);
    if (problem) errors[question.id] = problem;
  }
  if (Object.keys(errors).length === 0 && questions.every((question) => unanswered(given.get(question.id))))
    errors[SURVEY_SUBMISSION_ERROR_KEY] = surveyAnswerMessages.noAnswer;
  return errors;
}

/** A value as organisers read it: the text, "4/5", or the chosen options' texts. */
export function surveyAnswerText(question: SurveyQuestion, value: SurveyAnswerValue): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return `${value}/${SURVEY_RATING_SCALE}`;
  return value.map((index) => question.options[index]?.text ?? '').join('; ');
}

/** The answers to keep (valid ones, as `surveyAnswerErrors` passed them): unanswered ones dropped, in the survey's order. */
export function storedSurveyAnswers(
  questions: readonly SurveyQuestion[],
  answers: readonly SurveyAnswerInput[],
): StoredSurveyAnswer[] {
  return questions.flatMap((question) => {
    const value = answers.find((answer) => answer.question_id === question.id)?.value;
    if (unanswered(value)) return [];
    const kept = typeof value === 'string' ? value.trim() : (value as SurveyAnswerValue);
    return [
      {
        question_id: question.id,
        question: question.text,
        value: kept,
        text: surveyAnswerText(question, kept),
      },
    ];
  });
}

/**
 * A response's answer to one of the survey's questions as organisers read it (table and CSV): by
 * the question's id, else by its text as answered (a copy made before the library was edited).
 */
export const responseAnswerText = (
  answers: readonly StoredSurveyAnswer[],
  question: SurveyQuestion,
): string =>
  (
    answers.find((answer) => answer.question_id === question.id) ??
    answers.find((answer) => answer.question === question.text)
  )?.text ?? '';

/** A survey offered to the attendee: a session's survey, once the session has started. */
export const attendeeSurveySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(surveyQuestionSchema),
  session: z.object({ id: z.string(), title: z.string() }),
  /** The attendee has sent their answers (once only). */
  answered: z.boolean(),
});
export type AttendeeSurvey = z.infer<typeof attendeeSurveySchema>;

/** The attendee's survey calls, under the event app's API (`eventAppApiPath(eventId, name)`). */
export const surveyAttendeeCalls = {
  /** GET: the surveys of the event's sessions that have started. */
  surveys: 'surveys',
  /** POST submitSurveyAnswersBody: 201 with the survey answered; 409 the second time. */
  answers: (surveyId: string) => `surveys/${surveyId}/answers`,
} as const;

/** One person's answers, as organisers read them. */
export const surveyResponseSchema = z.object({
  id: z.string(),
  /** The session's survey that was answered. */
  survey: z.string(),
  session: z.object({ id: z.string(), title: z.string() }),
  respondent: z.object({ id: z.string(), name: z.string() }),
  answers: z.array(storedSurveyAnswerSchema),
  created_at: z.string(),
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;
export const surveyResponsePageSchema = pageSchema(surveyResponseSchema);
export const surveyResponsesQuerySchema = z.object(pageQuery);

/** The studio's paths: a survey's responses (a library survey's: those of every session's copy) and their CSV. */
export const surveyResponsesPath = (surveyId: string) => `/api/event/surveys/${surveyId}/responses/`;
export const surveyResponsesExportPath = (surveyId: string) =>
  `/api/event/surveys/${surveyId}/responses/export/`;
