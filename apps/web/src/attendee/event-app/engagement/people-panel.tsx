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
  onPick: (person: Person) => void;
}) {
  const others = people.filter((person) => person.id !== personId);
  if (others.length === 0) return <p className="muted">{words.noOnePresent}</p>;
  return (
    <ul className="people-list">
      {others.map((person) => (
        <li key={person.id}>
          <button type="button" className="link-button" onClick={() => onPick(person)}>
            {person.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The Messages tab (direct messages): how many are here, pick someone present, then the conversation with them. */
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
      {presence.data && <p>{words.presentNow(presence.data.present)}</p>}
      <p className="muted">{words.noConversation}</p>
      {presence.data && (
        <PresentList people={presence.data.people} personId={personId} onPick={setWithPerson} />
      )}
    </>
  );
}
