import { useEffect, useState } from 'react';
import {
  CALENDAR_TYPES,
  calendarLink,
  eventAppMessages,
  icsOf,
  nowAndNext,
  timeRangeText,
  type Booth,
  type BoothType,
  type CalendarType,
  type ChatPlace,
  type EventAppPeoplePage,
  type EventAppSession,
  type EventAppSpeaker,
  type Room,
} from '@studio/domain';
import { runPageHook } from '../page-hooks.ts';
import { usePlaceVisits } from './attendance.ts';
import { visitorZone } from '../page-islands.ts';

/** A list fetched once (and again when `version` changes). */
export function useList<T>(load: () => Promise<T[]>, version = 0): T[] | null | 'failed' {
  const [list, setList] = useState<T[] | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (rows) => live && setList(rows),
      () => live && setList('failed'),
    );
    return () => {
      live = false;
    };
  }, [load, version]);
  return list;
}

function Listed<T>({
  list,
  empty,
  children,
}: {
  list: T[] | null | 'failed';
  empty: string;
  children: (row: T) => React.ReactNode;
}) {
  if (list === null) return null;
  if (list === 'failed') return <p className="alert error">{eventAppMessages.loadFailed}</p>;
  if (list.length === 0) return <p className="muted">{empty}</p>;
  return <ul>{list.map(children)}</ul>;
}

const CALENDAR_NAMES: Record<CalendarType, string> = {
  appleical: 'Apple / iCal (.ics)',
  google: 'Google',
  outlookcom: 'Outlook.com',
  outlook: 'Outlook',
};

/** Add to calendar: the organiser's hook first (002 §5.9 parameters), then the calendar itself. */
function addToCalendar(session: EventAppSession, calendarType: CalendarType) {
  runPageHook('add_to_calendar', session.title, session.id, calendarType);
  const entry = { ...session, url: window.location.href };
  if (calendarType === 'appleical') {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([icsOf(entry)], { type: 'text/calendar' }));
    link.download = `${session.title.replace(/[^\w-]+/g, '-')}.ics`;
    link.click();
    URL.revokeObjectURL(link.href);
  } else window.open(calendarLink(calendarType, entry), '_blank', 'noopener,noreferrer');
}

/** The agenda in the attendee's own timezone (named), what is on now and next marked, each session with its add-to-calendar choices. */
export function Agenda({ list }: { list: EventAppSession[] | null | 'failed' }) {
  const zone = visitorZone();
  const { now, next } = nowAndNext(Array.isArray(list) ? list : [], new Date());
  return (
    <Listed list={list} empty={eventAppMessages.noSessions}>
      {(session) => (
        <li key={session.id} aria-current={session === now ? 'true' : undefined}>
          {session === now && <span className="badge">{eventAppMessages.onNow}</span>}
          {session === next && <span className="badge">{eventAppMessages.upNext}</span>}
          <strong>{session.title}</strong>
          <br />
          <span className="muted">
            {timeRangeText(new Date(session.start_time), new Date(session.end_time), zone)}
            {session.tracks.length > 0 && ` · ${session.tracks.map((track) => track.name).join(', ')}`}
          </span>
          {session.speakers.length > 0 && (
            <div>{session.speakers.map((speaker) => speaker.name).join(', ')}</div>
          )}
          <div
            role="group"
            className="calendar-choices"
            aria-label={`${eventAppMessages.addToCalendar}: ${session.title}`}
          >
            {CALENDAR_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className="button secondary"
                onClick={() => addToCalendar(session, type)}
              >
                {CALENDAR_NAMES[type]}
              </button>
            ))}
          </div>
        </li>
      )}
    </Listed>
  );
}

export function Speakers({ list }: { list: EventAppSpeaker[] | null | 'failed' }) {
  return (
    <Listed list={list} empty={eventAppMessages.noSpeakers}>
      {(speaker) => (
        <PersonItem key={speaker.id} person={speaker} photoSize={64}>
          {speaker.bio && <p>{speaker.bio}</p>}
        </PersonItem>
      )}
    </Listed>
  );
}

/** A person of the Speakers or People tab: their photo (`photoSize` px, round) beside their name, title and company. */
function PersonItem({
  person,
  photoSize,
  children,
}: {
  person: Pick<EventAppSpeaker, 'profile_picture_url' | 'first_name' | 'last_name' | 'title' | 'company'>;
  photoSize: number;
  children?: React.ReactNode;
}) {
  const role = [person.title, person.company].filter(Boolean).join(', ');
  return (
    <li className="person">
      {person.profile_picture_url && (
        <img src={person.profile_picture_url} alt="" width={photoSize} height={photoSize} />
      )}
      <div>
        <strong>
          {person.first_name} {person.last_name}
        </strong>
        {role && <span className="muted">{role}</span>}
        {children}
      </div>
    </li>
  );
}

/** A room's, booth's or booth room's chat, when the event app offers one (not in the studio's preview). */
export type PlaceChat = (place: ChatPlace, id: string) => React.ReactNode;

/**
 * A room as the event app shows it, in the Rooms tab or on its booth: its name, description and
 * chat; acting in it (its chat) counts a visit of the room.
 */
function RoomEntry({
  room,
  place,
  chat,
  visit,
}: {
  room: { id: string; name: string; description?: string };
  place: 'room' | 'booth_room';
  chat: PlaceChat | undefined;
  visit: (id: string) => void;
}) {
  return (
    <li onClickCapture={() => visit(room.id)}>
      <strong>{room.name}</strong>
      {room.description && <p className="muted">{room.description}</p>}
      {chat?.(place, room.id)}
    </li>
  );
}

/** A booth's discussion rooms, on the booth: each entered as the Rooms tab's rooms are. */
function BoothRooms({ booth, chat }: { booth: Booth; chat: PlaceChat | undefined }) {
  const visit = usePlaceVisits('room_visit');
  if (booth.discussion_group_objects.length === 0) return null;
  return (
    <section aria-label={`${eventAppMessages.boothRooms}: ${booth.name}`}>
      <h3>{eventAppMessages.boothRooms}</h3>
      <ul>
        {booth.discussion_group_objects.map((room) => (
          <RoomEntry key={room.id} room={room} place="booth_room" chat={chat} visit={visit} />
        ))}
      </ul>
    </section>
  );
}

export function Booths({
  list,
  type,
  chat,
}: {
  list: Booth[] | null | 'failed';
  type: BoothType;
  chat?: PlaceChat | undefined;
}) {
  const ofType = Array.isArray(list) ? list.filter((booth) => booth.booth_type === type) : list;
  const visit = usePlaceVisits('booth_visit');
  return (
    <Listed list={ofType} empty={eventAppMessages.noBooths}>
      {(booth) => (
        <li key={booth.id} onClickCapture={() => visit(booth.id)}>
          {booth.hero_asset_type === 'hero_asset_image' && booth.hero_asset && (
            <img src={booth.hero_asset} alt="" width="100%" />
          )}
          <strong>{booth.name}</strong>
          {booth.description && <p>{booth.description}</p>}
          {booth.poster && <img src={booth.poster} alt="" width="50%" />}
          {booth.resources.length > 0 && (
            <div>
              {eventAppMessages.resources}:{' '}
              {booth.resources.map((resource) => (
                <a key={resource.id} href={resource.url} target="_blank" rel="noopener noreferrer">
                  {resource.title}{' '}
                </a>
              ))}
            </div>
          )}
          {chat?.('booth', booth.id)}
          <BoothRooms booth={booth} chat={chat} />
        </li>
      )}
    </Listed>
  );
}

export function Rooms({ list, chat }: { list: Room[] | null | 'failed'; chat?: PlaceChat | undefined }) {
  const visit = usePlaceVisits('room_visit');
  return (
    <Listed list={list} empty={eventAppMessages.noRooms}>
      {(room) => <RoomEntry key={room.id} room={room} place="room" chat={chat} visit={visit} />}
    </Listed>
  );
}

type Person = EventAppPeoplePage['results'][number];

/** The People tab: the event's people a page at a time (the server pages them), more on demand. */
export function People({ load }: { load: (offset: number) => Promise<EventAppPeoplePage> }) {
  const [offset, setOffset] = useState(0);
  const [people, setPeople] = useState<{ rows: Person[]; count: number } | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    load(offset).then(
      (page) =>
        live &&
        setPeople((shown) => ({
          rows: [...(shown && shown !== 'failed' ? shown.rows : []), ...page.results],
          count: page.count,
        })),
      () => live && setPeople('failed'),
    );
    return () => {
      live = false;
    };
  }, [load, offset]);
  const rows = people && people !== 'failed' ? people.rows : people;
  return (
    <>
      <Listed list={rows} empty={eventAppMessages.noPeople}>
        {(person) => <PersonItem key={person.id} person={person} photoSize={48} />}
      </Listed>
      {people && people !== 'failed' && people.rows.length < people.count && (
        <button type="button" className="button secondary" onClick={() => setOffset(people.rows.length)}>
          {eventAppMessages.morePeople}
        </button>
      )}
    </>
  );
}
