import { useState } from 'react';
import {
  engagementMessages,
  engagementPanelMessages as words,
  moderatesEngagement,
  percentText,
  pollOptionPercent,
  voteIsValid,
  type EngagementRole,
  type Poll,
} from '@studio/domain';
import { EventAppError } from '../event-app-api.ts';
import { usePolls, useVote } from './engagement-api.ts';
import { LinkedText } from './linked-text.tsx';
import { PollModeration } from './moderation-controls.tsx';

/**
 * The poll's options as they came out: each one's share of the voters ("67%", the domain's one
 * rounding rule) and count, when the poll shows them; the person's own choice marked in words and
 * colour (never only by a faint disabled radio).
 */
function Results({ poll }: { poll: Poll }) {
  const voters = poll.total_votes ?? 0;
  return (
    <ul className="poll-results">
      {poll.options.map((option) => {
        const mine = poll.voted.includes(option.id);
        const counted = option.votes !== null;
        const percent = pollOptionPercent(option.votes ?? 0, voters);
        return (
          <li key={option.id} className={mine ? 'poll-option chosen' : 'poll-option'}>
            <div className="chat-meta">
              <span>
                {mine && <span aria-hidden>✓ </span>}
                <LinkedText text={option.text} />
                {mine && <span className="badge your-vote">{words.yourVote}</span>}
              </span>
              {counted && (
                <span>
                  <strong className="poll-percent">{percentText(percent)}</strong>{' '}
                  <span className="muted">{words.votes(option.votes ?? 0)}</span>
                </span>
              )}
            </div>
            {counted && (
              <meter
                min={0}
                max={100}
                value={percent}
                aria-label={`${option.text}: ${percentText(percent)}`}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One poll: choose one (or several, multiple choice), vote once; then the options as they came out
 * (the person's choice marked, the shares when the poll shows them) in place of the form.
 */
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
  // The form while the person may vote (or, closed unvoted, has nothing else to show); after that its outcome.
  const asForm = !voted && (open || !showResults || team);
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
  const closed = poll.state === 'closed' && <span className="badge">{words.pollClosed}</span>;
  return (
    <li className="poll">
      {asForm ? (
        <form onSubmit={submit}>
          <fieldset disabled={!open || sending}>
            <legend>
              <LinkedText text={poll.question} />
              {closed}
            </legend>
            {poll.options.map((option) => (
              <label key={option.id} className="choice">
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`poll-${poll.id}`}
                  checked={chosen.includes(option.id)}
                  onChange={(change) => choose(option.id, change.target.checked)}
                />
                <LinkedText text={option.text} />
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
      ) : (
        <p className="poll-question">
          <strong>
            <LinkedText text={poll.question} />
          </strong>
          {closed}
        </p>
      )}
      {voted && <p role="status">{words.voted}</p>}
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
      {(!asForm || showResults) && <Results poll={poll} />}
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
