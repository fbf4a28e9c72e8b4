import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { pageQuery, requiredText, timestampFields } from '../events/query.ts';
import { catalogueKeys } from '../records.ts';

/** Spec 002 §3.12 "Survey": a question's type (its `question_type`), with its label. */
export const SURVEY_QUESTION_TYPE_LABELS = {
  SINGLE_CHOICE: 'Single choice',
  MULTIPLE_CHOICE: 'Multiple choice',
  TEXT: 'Text',
  RATING: 'Rating',
};
export type SurveyQuestionType = keyof typeof SURVEY_QUESTION_TYPE_LABELS;
export const SURVEY_QUESTION_TYPES = catalogueKeys(SURVEY_QUESTION_TYPE_LABELS);
/** A rating question is answered with 1 to this many stars. */
export const SURVEY_RATING_SCALE = 5;
/** A choice question offers at least this many options. */
export const SURVEY_MIN_OPTIONS = 2;
export const SURVEY_MAX_QUESTIONS = 50;
export const SURVEY_MAX_OPTIONS = 20;
export const SURVEY_TITLE_MAX_LENGTH = 255;
export const SURVEY_TEXT_MAX_LENGTH = 1000;
export const SURVEYS_PAGE_SIZE = 100;

/** Spec 002 §8.8, verbatim. */
export const surveyMessages = {
  errorFetchingSurveys: 'Error fetching Surveys, please try again!',
  errorUpdatingSurvey: 'Error updating Survey, please try again!',
  errorCreatingSurvey: 'Error creating Survey, please try again!',
  errorDuplicatingSurvey: 'Error duplicating Survey, please try again!',
  errorFetchingSurvey: 'Error fetching Survey, please try again!',
  errorDetachingSurvey: 'Error detaching Survey, please try again!',
  /** Shown for the code SURVEY_HAS_DUPLICATED_SURVEYS. */
  surveyInUse: 'You cannot delete the survey since it is being used in other broadcasts.',
} as const;
export const SURVEY_HAS_DUPLICATED_SURVEYS = 'SURVEY_HAS_DUPLICATED_SURVEYS';

export const surveyServerMessages = {
  noQuestions: 'Add at least one question.',
  tooFewOptions: `A choice question needs at least ${SURVEY_MIN_OPTIONS} options.`,
  noOptionsAllowed: 'Only choice questions have options.',
  alreadyAttached: 'This survey is already attached to the session.',
  notAttached: 'This survey is not attached to the session.',
  notALibrarySurvey: 'Only a survey of the library can be added to a session.',
} as const;

export const surveyOptionSchema = z.object({ text: requiredText(SURVEY_TEXT_MAX_LENGTH) });

const questionFields = {
  question_type: z.enum(SURVEY_QUESTION_TYPES),
  required: z.boolean().default(false),
  text: requiredText(SURVEY_TEXT_MAX_LENGTH),
  options: z.array(surveyOptionSchema).max(SURVEY_MAX_OPTIONS).default([]),
};

/** Choice questions need options; text and rating questions take none. */
export const surveyQuestionInputSchema = z.object(questionFields).superRefine((question, context) => {
  const choice = question.question_type === 'SINGLE_CHOICE' || question.question_type === 'MULTIPLE_CHOICE';
  if (choice && question.options.length < SURVEY_MIN_OPTIONS)
    context.addIssue({ code: 'custom', path: ['options'], message: surveyServerMessages.tooFewOptions });
  if (!choice && question.options.length > 0)
    context.addIssue({ code: 'custom', path: ['options'], message: surveyServerMessages.noOptionsAllowed });
});
export type SurveyQuestionInput = z.input<typeof surveyQuestionInputSchema>;

const questions = z
  .array(surveyQuestionInputSchema)
  .min(1, surveyServerMessages.noQuestions)
  .max(SURVEY_MAX_QUESTIONS);

export const createSurveySchema = z.object({
  event: z.string().max(100),
  title: requiredText(SURVEY_TITLE_MAX_LENGTH),
  description: z.string().max(SURVEY_TEXT_MAX_LENGTH).default(''),
  questions,
});
export type CreateSurvey = z.output<typeof createSurveySchema>;
/** The studio's survey editor: the create call without its event. */
export const surveyFormSchema = createSurveySchema.omit({ event: true });
export type SurveyFormValues = z.input<typeof surveyFormSchema>;

export const updateSurveySchema = z.object({
  title: requiredText(SURVEY_TITLE_MAX_LENGTH).optional(),
  description: z.string().max(SURVEY_TEXT_MAX_LENGTH).optional(),
  /** Replaces the whole list. */
  questions: questions.optional(),
});
export type UpdateSurvey = z.output<typeof updateSurveySchema>;

/** `{broadcast}` of duplicate and detach. */
export const surveyBroadcastSchema = z.object({ broadcast: z.string().max(100) });

/** `?event=` with `duplicated__isnull=true` (the library) or `broadcast=` (a session's surveys). */
export const surveyListQuerySchema = z.object({
  ...pageQuery,
  event: z.string().max(100),
  duplicated__isnull: z.enum(['true', 'false']).optional(),
  broadcast: z.string().max(100).optional(),
});
export type SurveyListQuery = z.infer<typeof surveyListQuerySchema>;

export const surveyQuestionSchema = z.object({
  id: z.string(),
  question_type: z.enum(SURVEY_QUESTION_TYPES),
  required: z.boolean(),
  text: z.string(),
  options: z.array(z.object({ text: z.string() })),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveySchema = z.object({
  id: z.string(),
  event: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(surveyQuestionSchema),
  /** The library survey this one was duplicated from for a session; null for the library's own. */
  duplicated_from: z.string().nullable(),
  /** The sessions this survey is attached to. */
  broadcasts: z.array(z.string()),
  ...timestampFields,
});
export type Survey = z.infer<typeof surveySchema>;
export const surveyPageSchema = pageSchema(surveySchema);
