import { useState, type ReactNode } from 'react';
import {
  engagementMessages,
  engagementPanelMessages as words,
  moderatesEngagement,
  PUBLIC_QUESTION_STATES,
  QUESTION_MAX_LENGTH,
  type Question,
} from '@studio/domain';
import { useAskQuestion, useMyQuestions, useQuestions, useUpvote } from './engagement-api.ts';
import { LinkedText } from './linked-text.tsx';
import { QuestionModeration } from './moderation-controls.tsx';
import { Composer, type PanelProps } from './panel-parts.tsx';

const shown: readonly Question['state'][] = [...PUBLIC_QUESTION_STATES, 'pending'];

/** What attendees see: the public states and one's own pending question (the event team: every question). */
const readable = (questions: Question[], team: boolean) =>
  questions.filter((question) => team || shown.includes(question.state));

/** The questions shown (`readable`), pinned first, then the most upvoted. */
const shownQuestions = (questions: Question[], team: boolean) =>
  readable(questions, team).sort(
    (a, b) => Number(b.state === 'pinned') - Number(a.state === 'pinned') || b.upvotes - a.upvotes,
  );

function QuestionRow({
  question,
  onUpvote,
  moderation,
}: {
  question: Question;
  /** Null: upvotes are closed (the event has ended); the count still shows. */
  onUpvote: ((upvote: boolean) => void) | null;
  /** The event team's (or the assigned speaker's) controls of the question. */
  moderation: ReactNode;
}) {
  const pending = question.state === 'pending';
  return (
    <li className="question">
      <div className="chat-meta">
        <strong>{question.asker_name ?? words.anonymousName}</strong>
        {question.state !== 'open' && (
          <span className="badge">
            {pending ? words.awaitingApproval : words.questionStates[question.state]}
          </span>
        )}
      </div>
      <LinkedText text={question.text} />
      {!pending && !onUpvote && <span className="muted">▲ {question.upvotes}</span>}
      {!pending && onUpvote && (
        <button
          type="button"
          className={question.upvoted ? 'button upvote' : 'button secondary upvote'}
          aria-pressed={question.upvoted}
          aria-label={words.upvoteQuestion(question.text, question.upvotes)}
          onClick={() => onUpvote(!question.upvoted)}
        >
          ▲ {question.upvotes}
        </button>
      )}
      {question.answers.map((answer) => (
        <div key={answer.id} className="answer">
          {/* A line of its own: the name never runs into the answer. */}
          {answer.answerer && <div className="muted">{words.answeredBy(answer.answerer)}</div>}
          <LinkedText text={answer.text} />
        </div>
      ))}
      {moderation}
    </li>
  );
}

/**
 * The person's own questions asked elsewhere (before the session, or in another one) while a
 * session's list is shown: collapsed under it, newest first, with their state and answers (the
 * pushes keep them current). Read-only here: they are upvoted and moderated where they were asked.
 */
function EarlierQuestions({
  eventId,
  team,
  listed,
}: {
  eventId: string;
  team: boolean;
  /** The questions the session's list shows already. */
  listed: readonly Question[];
}) {
  const mine = useMyQuestions(eventId, true);
  const ids = new Set(listed.map((question) => question.id));
  const earlier = readable(mine.data ?? [], team)
    .filter((question) => !ids.has(question.id))
    .reverse();
  if (earlier.length === 0) return null;
  return (
    <details className="earlier-questions">
      <summary>{words.earlierQuestions(earlier.length)}</summary>
      <ul className="question-list">
        {earlier.map((question) => (
          <QuestionRow key={question.id} question={question} onUpvote={null} moderation={null} />
        ))}
      </ul>
    </details>
  );
}

/**
 * The Q&A tab: ask (anonymously when the event allows it), upvote once (again takes it back),
 * the states, the answers with the answerer's name or the event's alias, one's own question
 * "Awaiting approval" while moderated; during a session, one's questions asked elsewhere under it.
 */
export function QnaPanel({ eventId, state, sessionId }: PanelProps) {
  const questions = useQuestions(eventId, sessionId);
  const ask = useAskQuestion(eventId, sessionId);
  const upvote = useUpvote(eventId, sessionId);
  const [anonymous, setAnonymous] = useState(false);
  const team = moderatesEngagement(state.role);
  const list = shownQuestions(questions.data ?? [], team);
  // After the event's end Q&A is read-only but for the event team (the server refuses too).
  const closed = state.blocked
    ? engagementMessages.blocked
    : state.ended && !team
      ? engagementMessages.qnaEnded
      : null;
  return (
    <>
      {closed ? (
        <p className="muted">{closed}</p>
      ) : (
        <Composer
          label={words.askLabel}
          action={words.ask}
          maxLength={QUESTION_MAX_LENGTH}
          onSend={(text) => ask({ text, anonymous: state.features.qnaAnonymous && anonymous })}
        >
          {state.features.qnaAnonymous && (
            <label className="choice">
              <input
                type="checkbox"
                checked={anonymous}
                onChange={(change) => setAnonymous(change.target.checked)}
              />
              {words.anonymous}
            </label>
          )}
        </Composer>
      )}
      {questions.isSuccess && list.length === 0 && <p className="muted">{words.noQuestions}</p>}
      <ul className="question-list">
        {list.map((question) => (
          <QuestionRow
            key={question.id}
            question={question}
            onUpvote={
              state.ended && !team ? null : (on) => void upvote(question.id, on).catch(() => undefined)
            }
            moderation={
              <QuestionModeration
                eventId={eventId}
                sessionId={sessionId}
                role={state.role}
                question={question}
              />
            }
          />
        ))}
      </ul>
      {sessionId !== null && questions.isSuccess && (
        <EarlierQuestions eventId={eventId} team={team} listed={questions.data} />
      )}
    </>
  );
}
