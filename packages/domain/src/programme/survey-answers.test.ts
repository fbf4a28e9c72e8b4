import { describe, expect, it } from 'vitest';
import {
  storedSurveyAnswers,
  SURVEY_ANSWER_MAX_LENGTH,
  SURVEY_SUBMISSION_ERROR_KEY,
  surveyAnswerErrors,
  surveyAnswerMessages as m,
  type SurveyAnswerValue,
} from './survey-answers.ts';
import type { SurveyQuestion } from './surveys.ts';

const question = (
  id: string,
  question_type: SurveyQuestion['question_type'],
  required = false,
  options: string[] = [],
): SurveyQuestion => ({
  id,
  question_type,
  required,
  text: `Question ${id}`,
  options: options.map((text) => ({ text })),
});

const rating = question('r', 'RATING', true);
const single = question('s', 'SINGLE_CHOICE', false, ['Yes', 'No']);
const multiple = question('m', 'MULTIPLE_CHOICE', true, ['A', 'B', 'C']);
const text = question('t', 'TEXT');
const survey = [rating, single, multiple, text];

const errorsFor = (values: Partial<Record<string, SurveyAnswerValue>>) =>
  surveyAnswerErrors(
    survey,
    Object.entries(values).map(([question_id, value]) => ({
      question_id,
      value: value as SurveyAnswerValue,
    })),
  );

describe('surveyAnswerErrors: the one rule of a submission (issue 34 §4)', () => {
  it.each([
    ['all valid', { r: 3, s: [1], m: [0, 2], t: 'Great' }, {}],
    ['optional ones left out', { r: 1, m: [1] }, {}],
    ['required ones missing', { s: [0], t: '  ' }, { r: m.required, m: m.required }],
    ['an empty choice of a required question', { r: 2, m: [] }, { m: m.required }],
    ['a rating outside 1–5', { r: 0, m: [0] }, { r: m.rating }],
    ['a rating given as text', { r: '5', m: [0] }, { r: m.rating }],
    ['two options of a single choice', { r: 5, s: [0, 1], m: [0] }, { s: m.oneChoice }],
    ['an option out of range', { r: 5, m: [3] }, { m: m.choices }],
    ['an option twice', { r: 5, m: [1, 1] }, { m: m.choices }],
    ['a number as text', { r: 5, m: [1], t: 4 }, { t: m.text }],
    ['a NUL in text', { r: 5, m: [1], t: 'a\u0000b' }, { t: m.notAllowed }],
    ['text over the limit', { r: 5, m: [1], t: 'x'.repeat(SURVEY_ANSWER_MAX_LENGTH + 1) }, { t: m.tooLong }],
    ['a question of another survey', { r: 5, m: [1], x: 'hi' }, { x: m.unknownQuestion }],
  ])('%s', (_name, values, expected) => {
    expect(errorsFor(values)).toEqual(expected);
  });

  it('refuses a submission that answers nothing, even when every question is optional', () => {
    const optional = [single, text];
    const refused = [[SURVEY_SUBMISSION_ERROR_KEY, m.noAnswer]];
    expect(Object.entries(surveyAnswerErrors(optional, []))).toEqual(refused);
    const blanks = [
      { question_id: 's', value: [] },
      { question_id: 't', value: '   ' },
    ];
    expect(Object.entries(surveyAnswerErrors(optional, blanks))).toEqual(refused);
    expect(surveyAnswerErrors(optional, [{ question_id: 't', value: 'Fine' }])).toEqual({});
    // Required questions left blank say so under each question instead.
    expect(surveyAnswerErrors(survey, [])).toEqual({ r: m.required, m: m.required });
  });

  it('refuses a question answered twice', () => {
    const answers = [
      { question_id: 'r', value: 2 },
      { question_id: 'r', value: 3 },
      { question_id: 'm', value: [0] },
    ];
    expect(surveyAnswerErrors(survey, answers)).toEqual({ r: m.answeredTwice });
  });

  it('keeps the answered questions in the survey’s order, with their text and the value as text', () => {
    const stored = storedSurveyAnswers(survey, [
      { question_id: 't', value: '  <b>hi</b> ' },
      { question_id: 'm', value: [2, 0] },
      { question_id: 's', value: [] },
      { question_id: 'r', value: 4 },
    ]);
    expect(stored).toEqual([
      { question_id: 'r', question: 'Question r', value: 4, text: '4/5' },
      { question_id: 'm', question: 'Question m', value: [2, 0], text: 'C; A' },
      { question_id: 't', question: 'Question t', value: '<b>hi</b>', text: '<b>hi</b>' },
    ]);
  });
});
