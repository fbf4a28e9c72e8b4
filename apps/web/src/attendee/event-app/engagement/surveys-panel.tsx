import { useState } from 'react';
import {
  engagementPanelMessages as words,
  SURVEY_ANSWER_MAX_LENGTH,
  SURVEY_RATING_SCALE,
  SURVEY_SUBMISSION_ERROR_KEY,
  surveyAnswerErrors,
  surveyAnswerMessages as texts,
  type AttendeeSurvey,
  type SurveyAnswerValue,
  type SurveyQuestion,
} from '@studio/domain';
import { EventAppError } from '../event-app-api.ts';
import { useAnswerSurvey, useSurveys } from './engagement-api.ts';

type Values = Record<string, SurveyAnswerValue>;

const RATINGS = Array.from({ length: SURVEY_RATING_SCALE }, (_, index) => index + 1);

/** One question's field: stars 1–5, one or several options, or text. */
function QuestionField({
  question,
  name,
  value,
  onChange,
}: {
  question: SurveyQuestion;
  name: string;
  value: SurveyAnswerValue | undefined;
  onChange: (value: SurveyAnswerValue) => void;
}) {
  const chosen = Array.isArray(value) ? value : [];
  switch (question.question_type) {
    case 'RATING':
      return (
        <div className="rating">
          {RATINGS.map((rating) => (
            <label key={rating} className="choice">
              <input type="radio" name={name} checked={value === rating} onChange={() => onChange(rating)} />
              {rating}
            </label>
          ))}
        </div>
      );
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const multiple = question.question_type === 'MULTIPLE_CHOICE';
      return (
        <>
          {question.options.map((option, index) => (
            <label key={index} className="choice">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                checked={chosen.includes(index)}
                onChange={(change) =>
                  onChange(
                    multiple
                      ? change.target.checked
                        ? [...chosen, index].sort((a, b) => a - b)
                        : chosen.filter((shown) => shown !== index)
                      : [index],
                  )
                }
              />
              {option.text}
            </label>
          ))}
        </>
      );
    }
    case 'TEXT':
      return (
        <textarea
          aria-label={question.text}
          rows={3}
          maxLength={SURVEY_ANSWER_MAX_LENGTH}
          value={typeof value === 'string' ? value : ''}
          onChange={(change) => onChange(change.target.value)}
        />
      );
  }
}

/** One survey: its questions, checked by the survey's rule before sending, answered once. */
function SurveyCard({
  survey,
  eventId,
  sessionId,
}: {
  survey: AttendeeSurvey;
  eventId: string;
  sessionId: string | null;
}) {
  const answer = useAnswerSurvey(eventId, sessionId);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const answers = Object.entries(values).map(([question_id, value]) => ({ question_id, value }));
    const found = surveyAnswerErrors(survey.questions, answers);
    setErrors(found);
    // The submission's own problem (it answers nothing) is said under the questions, not beside one.
    setRefusal(found[SURVEY_SUBMISSION_ERROR_KEY] ?? null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    answer(survey.id, { answers }).then(
      () => setSending(false),
      (error: unknown) => {
        setSending(false);
        if (!(error instanceof EventAppError)) return setRefusal(words.sendFailed);
        setRefusal(error.message);
        const prefix = 'answers.';
        setErrors(
          Object.fromEntries(
            Object.entries(error.errors)
              .filter(([key]) => key.startsWith(prefix))
              .map(([key, messages]) => [key.slice(prefix.length), messages[0] ?? '']),
          ),
        );
      },
    );
  };
  return (
    <li className="poll survey">
      <h3>{survey.title}</h3>
      <p className="muted">{survey.session.title}</p>
      {survey.description && <p>{survey.description}</p>}
      {survey.answered ? (
        <p role="status">{texts.thanks}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          {survey.questions.map((question) => {
            const name = `survey-${survey.id}-${question.id}`;
            return (
              <fieldset key={question.id} disabled={sending} aria-invalid={Boolean(errors[question.id])}>
                <legend>
                  {question.text} {!question.required && <span className="muted">{texts.optional}</span>}
                </legend>
                <QuestionField
                  question={question}
                  name={name}
                  value={values[question.id]}
                  onChange={(value) => setValues({ ...values, [question.id]: value })}
                />
                {errors[question.id] && <p className="alert error">{errors[question.id]}</p>}
              </fieldset>
            );
          })}
          {refusal && (
            <p role="alert" className="alert error">
              {refusal}
            </p>
          )}
          <button type="submit" className="button" disabled={sending}>
            {texts.submit}
          </button>
        </form>
      )}
    </li>
  );
}

/** Beside the polls: the sessions' surveys, offered once their session has started. */
export function SurveysPanel({ eventId, sessionId }: { eventId: string; sessionId: string | null }) {
  const surveys = useSurveys(eventId, sessionId);
  return (
    <section aria-label={texts.surveysTitle}>
      <h2>{texts.surveysTitle}</h2>
      {surveys.isPending && <p className="muted">{texts.loading}</p>}
      {surveys.isError && (
        <p role="alert" className="alert error">
          {texts.loadFailed}
        </p>
      )}
      {surveys.isSuccess && surveys.data.length === 0 && <p className="muted">{texts.noSurveys}</p>}
      <ul className="poll-list">
        {surveys.data?.map((survey) => (
          <SurveyCard key={survey.id} survey={survey} eventId={eventId} sessionId={sessionId} />
        ))}
      </ul>
    </section>
  );
}
