import { useState } from 'react';
import {
  engagementMessages,
  engagementPanelMessages as words,
  moderatesEngagement,
  voteIsValid,
  type EngagementRole,
  type Poll,
} from '@studio/domain';
import { EventAppError } from '../event-app-api.ts';
import { usePolls, useVote } from './engagement-api.ts';
import { LinkedText } from './linked-text.tsx';
import { PollModeration } from './moderation-controls.tsx';

function Results({ poll }: { poll: Poll }) {
  const total = poll.total_votes ?? 0;
  return (
    <ul className="poll-results">
      {poll.options.map((option) => (
        <li key={option.id}>
          <div className="chat-meta">
            <LinkedText text={option.text} />
            <span className="muted">{words.votes(option.votes ?? 0)}</span>
          </div>
          <meter min={0} max={Math.max(total, 1)} value={option.votes ?? 0} />
        </li>
      ))}
    </ul>
  );
}

/** One poll: choose one (or several, multiple choice), vote once; the results when the poll shows them. */
function PollCard({
  poll,
  eventId,
  team,
  ended,
}: {
  poll: Poll;
  eventId: string;
  team: boolean;
  ended: boolean;
}) {
  const vote = useVote(eventId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const voted = poll.voted.length > 0;
  const open = poll.state === 'live' && !voted && !ended;
  const showResults = poll.options.some((option) => option.votes !== null);
  const choose = (id: string, on: boolean) =>
    setChosen(poll.multiple ? (on ? [...chosen, id] : chosen.filter((shown) => shown !== id)) : [id]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    vote(poll.id, chosen).then(
      () => setSending(false),
      (refusal: unknown) => {
        setSending(false);
        setError(refusal instanceof EventAppError ? refusal.message : words.sendFailed);
      },
    );
  };
  return (
    <li className="poll">
      <form onSubmit={submit}>
        <fieldset disabled={!open || sending}>
          <legend>
            <LinkedText text={poll.question} />
            {poll.state === 'closed' && <span className="badge">{words.pollClosed}</span>}
          </legend>
          {poll.options.map((option) => (
            <label key={option.id} className="choice">
              <input
                type={poll.multiple ? 'checkbox' : 'radio'}
                name={`poll-${poll.id}`}
                checked={voted ? poll.voted.includes(option.id) : chosen.includes(option.id)}
                onChange={(change) => choose(option.id, change.target.checked)}
              />
              <LinkedText text={option.text} />
              {voted && poll.voted.includes(option.id) && (
                // Seen beside the faint disabled radio; a screen reader hears the radio checked.
                <span className="badge" aria-hidden>
                  {words.yourVote}
                </span>
              )}
            </label>
          ))}
          {open && (
            <button
              type="submit"
              className="button"
              disabled={
                !voteIsValid({ multiple: poll.multiple, optionIds: poll.options.map((o) => o.id) }, chosen)
              }
            >
              {words.vote}
            </button>
          )}
        </fieldset>
      </form>
      {voted && <p role="status">{words.voted}</p>}
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
      {showResults && <Results poll={poll} />}
      {team && <PollModeration eventId={eventId} poll={poll} />}
    </li>
  );
}

/** The Polls tab: the session's launched and closed polls (and, for the event team, drafts to launch). */
export function PollsPanel({
  eventId,
  sessionId,
  role,
  ended,
}: {
  eventId: string;
  sessionId: string | null;
  role: EngagementRole;
  /** The event has ended: polls take no more votes (the server refuses too). */
  ended: boolean;
}) {
  const polls = usePolls(eventId, sessionId);
  const team = moderatesEngagement(role);
  const list = (polls.data ?? []).filter((poll) => team || poll.state !== 'draft');
  if (polls.isSuccess && list.length === 0) return <p className="muted">{words.noPolls}</p>;
  return (
    <>
      {ended && <p className="muted">{engagementMessages.pollsEnded}</p>}
      <ul className="poll-list">
        {list.map((poll) => (
          <PollCard key={poll.id} poll={poll} eventId={eventId} team={team} ended={ended} />
        ))}
      </ul>
    </>
  );
}
