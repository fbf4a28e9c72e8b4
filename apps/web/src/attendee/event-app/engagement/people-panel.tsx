import { useState } from 'react';
import { engagementPanelMessages as words } from '@studio/domain';
import { ChannelView } from './chat-panel.tsx';
import { usePresence, type Presence } from './engagement-api.ts';
import type { PanelProps } from './panel-parts.tsx';

type Person = Presence['people'][number];

function PresentList({
  people,
  personId,
  onPick,
}: {
  people: Person[];
  /** The person looking (not listed). */
  personId: string | null;
  onPick: ((person: Person) => void) | null;
}) {
  const others = people.filter((person) => person.id !== personId);
  if (others.length === 0) return <p className="muted">{words.noOnePresent}</p>;
  return (
    <ul className="people-list">
      {others.map((person) => (
        <li key={person.id}>
          {onPick ? (
            <button type="button" className="link-button" onClick={() => onPick(person)}>
              {person.name}
            </button>
          ) : (
            <strong>{person.name}</strong>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The People tab beside the stage: who is present now, and how many. */
export function PresencePanel({ eventId, personId }: PanelProps) {
  const presence = usePresence(eventId);
  if (!presence.data) return null;
  return (
    <>
      <p>{words.presentNow(presence.data.present)}</p>
      <PresentList people={presence.data.people} personId={personId} onPick={null} />
    </>
  );
}

/** The Messages tab (direct messages): pick someone present, then the conversation with them. */
export function MessagesPanel({ eventId, state, personId }: PanelProps) {
  const presence = usePresence(eventId);
  const [withPerson, setWithPerson] = useState<Person | null>(null);
  if (withPerson)
    return (
      <>
        <div className="chat-meta">
          <strong>{words.directWith(withPerson.name)}</strong>
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
        <PresentList people={presence.data.people} personId={personId} onPick={setWithPerson} />
      )}
    </>
  );
}
