import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  eventAppMessages,
  MANDATORY_PROFILE_FIELDS,
  profileComplete,
  type EventAppEvent,
  type EventAppMe,
  type EventAppProfile,
  type EventAppTab,
} from '@studio/domain';
import { eventAppApi, EventAppError, type EventAppApi } from './event-app-api.ts';
import { Agenda, Booths, People, Rooms, Speakers, useList } from './programme-tabs.tsx';
import { Stage, StageCallsToAction } from './stage.tsx';
import { TechCheckStep } from './tech-check.tsx';

const PROFILE_LABELS: Record<keyof EventAppProfile, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  title: 'Title',
  company: 'Company',
};

/** Onboarding: the person's profile, every field required when profiles are mandatory. */
export function ProfileStep({
  me,
  onSave,
}: {
  me: EventAppMe;
  onSave: (profile: EventAppProfile) => Promise<void>;
}) {
  const [profile, setProfile] = useState<EventAppProfile>({
    first_name: me.first_name,
    last_name: me.last_name,
    title: me.title,
    company: me.company,
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await onSave(profile);
    } catch (error) {
      setErrors(
        error instanceof EventAppError ? error.errors : { first_name: [eventAppMessages.loadFailed] },
      );
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby="profile-title">
      <h2 id="profile-title">{eventAppMessages.profileTitle}</h2>
      {MANDATORY_PROFILE_FIELDS.map((field) => (
        <div key={field}>
          <label htmlFor={`profile-${field}`}>{PROFILE_LABELS[field]}</label>
          <input
            id={`profile-${field}`}
            required
            value={profile[field]}
            onChange={(change) => setProfile({ ...profile, [field]: change.target.value })}
          />
          {errors[field]?.map((message) => (
            <p key={message} role="alert" className="alert error">
              {message}
            </p>
          ))}
        </div>
      ))}
      <button type="submit" className="button">
        {eventAppMessages.profileSave}
      </button>
    </form>
  );
}

/** The navigator (002 §2.1): the tabs the event shows, titled as set. */
export function EventAppShell({
  api,
  event,
  initialTab,
}: {
  api: EventAppApi;
  event: EventAppEvent;
  /** The tab open first (the navigator's first by default). */
  initialTab?: EventAppTab | undefined;
}) {
  const [tab, setTab] = useState<EventAppTab>(initialTab ?? event.tabs[0]?.tab ?? 'stage');
  const [sessionsVersion, setSessionsVersion] = useState(0);
  useEffect(
    () => api.pushes({ stage: () => undefined, sessions: () => setSessionsVersion((v) => v + 1) }),
    [api],
  );
  const agenda = useList(api.agenda, sessionsVersion);
  const speakers = useList(api.speakers);
  const booths = useList(api.booths);
  const rooms = useList(api.rooms);
  return (
    <>
      <nav role="tablist" className="row">
        {event.tabs.map((entry) => (
          <button
            key={entry.tab}
            type="button"
            role="tab"
            aria-selected={entry.tab === tab}
            className={entry.tab === tab ? 'button' : 'button secondary'}
            onClick={() => setTab(entry.tab)}
          >
            {entry.title}
          </button>
        ))}
      </nav>
      <section role="tabpanel" aria-label={event.tabs.find((entry) => entry.tab === tab)?.title}>
        {tab === 'stage' && (
          <>
            <Stage api={api} />
            <StageCallsToAction event={event} requestDemo={api.requestDemo} />
          </>
        )}
        {tab === 'agenda' && <Agenda list={agenda} />}
        {tab === 'speakers' && <Speakers list={speakers} />}
        {tab === 'booths' && <Booths list={booths} type="primary" />}
        {tab === 'secondary_booths' && <Booths list={booths} type="secondary" />}
        {tab === 'rooms' && <Rooms list={rooms} />}
        {tab === 'people' && <People load={api.people} />}
      </section>
    </>
  );
}

/** The event app: the tech check and the profile when the event asks for them, then the navigator. */
export function EventApp({ api }: { api: EventAppApi }) {
  const [event, setEvent] = useState<EventAppEvent | null>(null);
  const [me, setMe] = useState<EventAppMe | null>(null);
  const [failed, setFailed] = useState(false);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    Promise.all([api.event(), api.me()]).then(
      ([loadedEvent, loadedMe]) => {
        setEvent(loadedEvent);
        setMe(loadedMe);
      },
      () => setFailed(true),
    );
  }, [api]);
  const saveCheck = useCallback(
    async (check: Parameters<EventAppApi['saveTechCheck']>[0]) => {
      setMe(await api.saveTechCheck(check));
      setChecked(true);
    },
    [api],
  );
  if (failed) return <p className="alert error">{eventAppMessages.loadFailed}</p>;
  if (!event || !me) return null;
  if (event.enable_tech_check && !checked && !me.tech_check)
    return <TechCheckStep reachServer={api.me} onDone={saveCheck} />;
  if (event.show_onboarding && !profileComplete(me))
    return <ProfileStep me={me} onSave={async (profile) => setMe(await api.saveProfile(profile))} />;
  return <EventAppShell api={api} event={event} />;
}

/** The island's root, from the page's data. */
export function eventAppIsland(props: unknown) {
  const { eventId } = props as { eventId: string };
  return <EventAppRoot eventId={eventId} />;
}

function EventAppRoot({ eventId }: { eventId: string }) {
  const api = useMemo(() => eventAppApi(eventId), [eventId]);
  return <EventApp api={api} />;
}
