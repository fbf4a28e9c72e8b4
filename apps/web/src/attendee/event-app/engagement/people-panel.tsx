import { useState } from 'react';
import { engagementMessages as words, type EngagementState } from '@studio/domain';
import { ChannelView } from './chat-panel.tsx';
import { usePresence } from './engagement-api.ts';

type Person = { id: string; first_name: string; last_name: string; title: string; company: string };

const fullName = (person: Person) => `${person.first_name} ${person.last_name}`.trim();

function PresentList({
  people,
  me,
  onPick,
}: {
  people: Person[];
  me: string;
  onPick: ((person: Person) => void) | null;
}) {
  const others = people.filter((person) => person.id !== me);
  if (others.length === 0) return <p className="muted">{words.noOnePresent}</p>;
  return (
    <ul className="people-list">
      {others.map((person) => (
        <li key={person.id}>
          {onPick ? (
            <button type="button" className="link-button" onClick={() => onPick(person)}>
              {fullName(person)}
            </button>
          ) : (
            <strong>{fullName(person)}</strong>
          )}
          <br />
          <span className="muted">{[person.title, person.company].filter(Boolean).join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}

/** The People tab beside the stage: who is present now, and how many. */
export function PresencePanel({ eventId, state }: { eventId: string; state: EngagementState }) {
  const presence = usePresence(eventId);
  if (!presence.data) return null;
  return (
    <>
      <p>{words.presentNow(presence.data.present)}</p>
      <PresentList people={presence.data.results} me={state.me.id} onPick={null} />
    </>
  );
}

/** The Messages tab (direct messages): pick someone present, then the conversation with them. */
export function MessagesPanel({ eventId, state }: { eventId: string; state: EngagementState }) {
  const presence = usePresence(eventId);
  const [withPerson, setWithPerson] = useState<Person | null>(null);
  if (withPerson)
    return (
      <>
        <div className="chat-meta">
          <strong>{words.directWith(fullName(withPerson))}</strong>
          <button type="button" className="link-button" onClick={() => setWithPerson(null)}>
            {words.back}
          </button>
        </div>
        <ChannelView
          key={withPerson.id}
          eventId={eventId}
          channel={{ kind: 'direct', id: withPerson.id }}
          state={{ ...state, features: { ...state.features, threads: false } }}
          readOnly={null}
        />
      </>
    );
  return (
    <>
      <p className="muted">{words.noConversation}</p>
      {presence.data && (
        <PresentList people={presence.data.results} me={state.me.id} onPick={setWithPerson} />
      )}
    </>
  );
}
