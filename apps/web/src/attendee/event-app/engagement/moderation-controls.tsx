import { useState } from 'react';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  engagementPanelMessages as words,
  QUESTION_MAX_LENGTH,
  questionRights,
  type ChatMessage,
  type EngagementRole,
  type Poll,
  type Question,
  type QUESTION_MODERATION_STATES,
} from '@studio/domain';
import { EventAppError } from '../event-app-api.ts';
import { useAnnounce, usePin, useQuestionModeration, useRemove, useSetPoll } from './moderation-api.ts';
import { Composer } from './panel-parts.tsx';

/**
 * The moderation controls of the sidebar's panels (issue 34 §5), shown to the event team and, for
 * the questions assigned to them, to speakers (questionRights: the rule the server applies).
 */

/** Runs a moderation call; its refusal is shown beside the controls. */
function useAct() {
  const [error, setError] = useState<string | null>(null);
  const act = (call: () => Promise<unknown>) => {
    setError(null);
    call().catch((refusal: unknown) =>
      setError(refusal instanceof EventAppError ? refusal.message : words.sendFailed),
    );
  };
  const shown = error && (
    <p role="alert" className="alert error">
      {error}
    </p>
  );
  return { act, shown };
}

export function MessageModeration({ eventId, message }: { eventId: string; message: ChatMessage }) {
  const pin = usePin(eventId);
  const remove = useRemove(eventId);
  const { act, shown } = useAct();
  return (
    <div className="moderation">
      <button
        type="button"
        className="link-button"
        onClick={() => act(() => pin(message.id, !message.pinned))}
      >
        {message.pinned ? words.unpinMessage : words.pinMessage}
      </button>
      <button type="button" className="link-button" onClick={() => act(() => remove(message.id))}>
        {words.deleteMessage}
      </button>
      {shown}
    </div>
  );
}

export function AnnouncementComposer({ eventId }: { eventId: string }) {
  const announce = useAnnounce(eventId);
  return (
    <Composer
      label={words.announcementLabel}
      action={words.announce}
      maxLength={CHAT_MESSAGE_MAX_LENGTH}
      onSend={announce}
    />
  );
}

type QuestionState = (typeof QUESTION_MODERATION_STATES)[number];

/** The changes the event team makes to a question in this state (a pending one is approved). */
const teamActions = (state: Question['state']): { state: QuestionState; label: string }[] =>
  [
    { state: 'open' as const, label: words.approve },
    { state: 'pinned' as const, label: words.pin },
    { state: 'dismissed' as const, label: words.dismiss },
    { state: 'hidden' as const, label: words.hide },
  ].filter((action) => action.state !== state && (action.state !== 'open' || state === 'pending'));

export function QuestionModeration({
  eventId,
  sessionId,
  role,
  question,
}: {
  eventId: string;
  sessionId: string | null;
  role: EngagementRole;
  question: Question;
}) {
  const rights = questionRights(role, question.assigned_to_you ?? false);
  const { set, answer } = useQuestionModeration(eventId, sessionId);
  const { act, shown } = useAct();
  if (!rights.answer) return null;
  return (
    <div className="moderation">
      {rights.moderate &&
        teamActions(question.state).map((action) => (
          <button
            key={action.state}
            type="button"
            className="link-button"
            onClick={() => act(() => set(question.id, action.state))}
          >
            {action.label}
          </button>
        ))}
      {question.state !== 'answered' && (
        <button type="button" className="link-button" onClick={() => act(() => set(question.id, 'answered'))}>
          {words.markAnswered}
        </button>
      )}
      {shown}
      <Composer
        label={words.answerLabel}
        action={words.answer}
        maxLength={QUESTION_MAX_LENGTH}
        onSend={(text) => answer(question.id, text)}
      />
    </div>
  );
}

export function PollModeration({ eventId, poll }: { eventId: string; poll: Poll }) {
  const setPoll = useSetPoll(eventId);
  const { act, shown } = useAct();
  const next = poll.state === 'draft' ? 'live' : poll.state === 'live' ? 'closed' : null;
  if (!next) return null;
  return (
    <div className="moderation">
      <button type="button" className="button secondary" onClick={() => act(() => setPoll(poll.id, next))}>
        {next === 'live' ? words.launch : words.close}
      </button>
      {shown}
    </div>
  );
}
