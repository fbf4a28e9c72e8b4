import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ANALYTICS_PRIVACY_NOTE,
  eventAppMessages,
  MANDATORY_PROFILE_FIELDS,
  nowAndNext,
  profileComplete,
  timeRangeText,
  type EventAppEvent,
  type EventAppMe,
  type EventAppProfile,
  type EventAppSession,
  type EventAppTab,
} from '@studio/domain';
import { mergeEngagementPushes, type UnreadCounts } from './engagement/engagement-push.ts';
import { PlaceChatToggle } from './engagement/place-chat.tsx';
import { EngagementSidebar } from './engagement/sidebar.tsx';
import { eventAppApi, EventAppError, type EventAppApi } from './event-app-api.ts';
import { loadHls } from './hls-play.ts';
import './event-app.css';
import { Agenda, Booths, People, Rooms, Speakers, useList, type PlaceChat } from './programme-tabs.tsx';
import { Stage, StageCallsToAction, TrackSwitcher, useStageSource, type StagePlaying } from './stage.tsx';
import { Tabs } from './tab-bar.tsx';
import { TechCheckStep } from './tech-check.tsx';
import { LeaveConfirm } from './leave-confirm.tsx';
import { AttendanceContext, useAttendanceOf, useStageVisit } from './attendance.ts';

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

/**
 * The session on stage: the one the stage plays, else the one on now by the agenda — but when
 * tracks play side by side, only the one the chosen track plays (another track's is not on this stage).
 */
function sessionOnStage(
  agenda: EventAppSession[] | null | 'failed',
  playing: StagePlaying | null,
  sideBySide: boolean,
) {
  const sessions = Array.isArray(agenda) ? agenda : [];
  const played = sessions.find((session) => session.id === playing?.source.session);
  if (played || sideBySide) return played ?? null;
  return nowAndNext(sessions, new Date()).now ?? null;
}

/** Whether the agenda's sessions are in more than one track (the stage then plays each track apart). */
const inSeveralTracks = (agenda: EventAppSession[] | null | 'failed') =>
  Array.isArray(agenda) &&
  new Set(agenda.flatMap((session) => session.tracks.map((track) => track.id))).size > 1;

/** Above the stage: the session's title, its tracks and speakers. */
function StageHeading({ session }: { session: EventAppSession | null }) {
  if (!session) return null;
  return (
    <header className="stage-heading">
      <h2>{session.title}</h2>
      {session.tracks.length > 0 && (
        <span className="muted">{session.tracks.map((track) => track.name).join(', ')}</span>
      )}
      {session.speakers.length > 0 && (
        <p className="muted">{session.speakers.map((speaker) => speaker.name).join(', ')}</p>
      )}
    </header>
  );
}

/** Engagement pushes merged into the caches, and the unread counts of the Chat, Messages and Polls tabs while another tab is open (a cleared chat drops Chat's). */
function useEngagementPushes(
  api: EventAppApi,
  eventId: string,
  client: QueryClient,
  personId: string | null,
  onEventUpdated: (() => void) | undefined,
) {
  const [unread, setUnread] = useState<UnreadCounts>({ chat: 0, messages: 0, polls: 0 });
  const tabShown = useRef<string | null>(null);
  const [sessionsVersion, setSessionsVersion] = useState(0);
  useEffect(
    () =>
      api.pushes({
        stage: () => undefined,
        sessions: () => setSessionsVersion((v) => v + 1),
        event: () => onEventUpdated?.(),
        ...(personId && {
          engagement: (batch) => {
            const arrived = mergeEngagementPushes(client, eventId, batch, personId);
            const away = (tab: keyof UnreadCounts) => (tabShown.current === tab ? 0 : arrived[tab]);
            if (away('chat') || away('messages') || away('polls') || arrived.chatCleared)
              setUnread((count) => ({
                chat: (arrived.chatCleared ? 0 : count.chat) + away('chat'),
                messages: count.messages + away('messages'),
                polls: count.polls + away('polls'),
              }));
          },
        }),
      }),
    // onEventUpdated is stable (EventApp's readEvent): the stream is not reopened for it.
    [api, client, eventId, personId, onEventUpdated],
  );
  const onTabShown = useCallback((tab: string | null) => {
    tabShown.current = tab;
    if (tab === 'chat' || tab === 'messages' || tab === 'polls')
      setUnread((count) => (count[tab] ? { ...count, [tab]: 0 } : count));
  }, []);
  return { unread, onTabShown, sessionsVersion };
}

/**
 * The navigator (002 §2.1): the tabs the event shows, titled as set, in a bar that scrolls on a
 * phone; the stage with its session and, when `engagement`, the sidebar of chat, Q&A and polls.
 */
export function EventAppShell({
  api,
  event,
  initialTab,
  personId = null,
  onEventUpdated,
  stageOverlay,
  previewSidebar,
}: {
  api: EventAppApi;
  event: EventAppEvent;
  /** The event's title or times changed (pushed): the app reads it again. */
  onEventUpdated?: () => void;
  /** The tab open first (the navigator's first by default). */
  initialTab?: EventAppTab | undefined;
  /** The person in the event: with them, the engagement sidebar (not in the studio's preview). */
  personId?: string | null;
  /** The studio's preview: what it shows over the stage's video, and beside the stage without a person. */
  stageOverlay?: ReactNode;
  previewSidebar?: ReactNode;
}) {
  const [tab, setTab] = useState<EventAppTab>(initialTab ?? event.tabs[0]?.tab ?? 'stage');
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const attendance = useAttendanceOf(event.id, personId);
  useStageVisit(attendance, tab === 'stage');
  const pushes = useEngagementPushes(api, event.id, client, personId, onEventUpdated);
  const [chosenTrack, setChosenTrack] = useState<string | null>(null);
  const stage = useStageSource(api, chosenTrack);
  const { playing } = stage;
  const agenda = useList(api.agenda, pushes.sessionsVersion);
  const speakers = useList(api.speakers);
  const booths = useList(api.booths);
  const rooms = useList(api.rooms);
  const session = sessionOnStage(agenda, playing, stage.tracks.length > 1 || inSeveralTracks(agenda));
  const placeChat: PlaceChat | undefined = personId
    ? (place, id) => <PlaceChatToggle eventId={event.id} place={place} id={id} />
    : undefined;
  return (
    <QueryClientProvider client={client}>
      <AttendanceContext.Provider value={attendance}>
        <Tabs
          label={event.title}
          tabs={event.tabs.map((entry) => ({ id: entry.tab, title: entry.title }))}
          open={tab}
          onOpen={(id) => setTab(id as EventAppTab)}
        />
        <section role="tabpanel" aria-label={event.tabs.find((entry) => entry.tab === tab)?.title}>
          {tab === 'stage' && (
            <div className="stage-layout">
              <div className="stage-column">
                <TrackSwitcher
                  tracks={stage.tracks}
                  track={chosenTrack ?? stage.track}
                  onChoose={setChosenTrack}
                />
                <StageHeading session={session} />
                <Stage
                  playing={playing}
                  sessionTitle={session?.title}
                  {...(personId ? { eventId: event.id } : {})}
                  endedMessage={event.scheduled ? eventAppMessages.stageEnded : null}
                  overlay={stageOverlay}
                />
                <StageCallsToAction event={event} requestDemo={api.requestDemo} />
              </div>
              {!personId && previewSidebar}
              {personId && (
                <EngagementSidebar
                  eventId={event.id}
                  personId={personId}
                  sessionId={session?.id ?? null}
                  unread={pushes.unread}
                  onTabShown={pushes.onTabShown}
                />
              )}
            </div>
          )}
          {tab === 'agenda' && <Agenda list={agenda} />}
          {tab === 'speakers' && <Speakers list={speakers} />}
          {tab === 'booths' && <Booths list={booths} type="primary" chat={placeChat} />}
          {tab === 'secondary_booths' && <Booths list={booths} type="secondary" chat={placeChat} />}
          {tab === 'rooms' && <Rooms list={rooms} chat={placeChat} />}
          {tab === 'people' && <People load={api.people} />}
        </section>
        {attendance && <p className="muted privacy-note">{ANALYTICS_PRIVACY_NOTE}</p>}
      </AttendanceContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * "Skip for now" on the tech check, remembered in this browser per event and person (a completed
 * check is the server's, `me.tech_check`): the skip records nothing, so a speaker's or staff
 * member's readiness still says the check is not done, but a reload no longer asks again.
 */
const techCheckSkippedKey = (eventId: string, userId: string) =>
  `event-app:tech-check-skipped:${eventId}:${userId}`;
function techCheckSkipped(eventId: string, userId: string) {
  try {
    return localStorage.getItem(techCheckSkippedKey(eventId, userId)) === '1';
  } catch {
    return false;
  }
}
function rememberTechCheckSkipped(eventId: string, userId: string) {
  try {
    localStorage.setItem(techCheckSkippedKey(eventId, userId), '1');
  } catch {
    // Storage refused (private mode): asked again next time, as before.
  }
}

/** The event app: the tech check and the profile when the event asks for them, then the navigator. */
export function EventApp({ api }: { api: EventAppApi }) {
  const [event, setEvent] = useState<EventAppEvent | null>(null);
  const [me, setMe] = useState<EventAppMe | null>(null);
  const [failed, setFailed] = useState(false);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    loadHls().catch(() => undefined);
    Promise.all([api.event(), api.me()]).then(
      ([loadedEvent, loadedMe]) => {
        setEvent(loadedEvent);
        setMe(loadedMe);
        setChecked(techCheckSkipped(loadedEvent.id, loadedMe.user_id));
      },
      () => setFailed(true),
    );
  }, [api]);
  // An organiser changed the event's title or times: read it once more and show it in the heading.
  const readEvent = useCallback(() => {
    api.event().then(setEvent, () => undefined);
  }, [api]);
  useEffect(() => {
    if (event) showEventHeading(event);
  }, [event]);
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
    return (
      <TechCheckStep
        reachServer={api.me}
        onDone={saveCheck}
        onSkip={() => {
          rememberTechCheckSkipped(event.id, me.user_id);
          setChecked(true);
        }}
      />
    );
  if (event.show_onboarding && !profileComplete(me))
    return <ProfileStep me={me} onSave={async (profile) => setMe(await api.saveProfile(profile))} />;
  return <EventAppShell api={api} event={event} personId={me.user_id} onEventUpdated={readEvent} />;
}

/** The page's heading above the app (rendered by the server, entrance-page.ts): the event as read now. */
function showEventHeading(event: EventAppEvent) {
  const title = document.querySelector('[data-event-title]');
  const times = document.querySelector('[data-event-times]');
  if (title) title.textContent = event.title;
  if (times)
    times.textContent = timeRangeText(new Date(event.start_time), new Date(event.end_time), event.timezone);
}

/** The island's root, from the page's data. */
export function eventAppIsland(props: unknown) {
  const { eventId } = props as { eventId: string };
  return <EventAppRoot eventId={eventId} />;
}

function EventAppRoot({ eventId }: { eventId: string }) {
  const api = useMemo(() => eventAppApi(eventId), [eventId]);
  return (
    <>
      <EventApp api={api} />
      <LeaveConfirm eventId={eventId} />
    </>
  );
}
