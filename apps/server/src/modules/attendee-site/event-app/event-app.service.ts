import {
  fillBranding,
  fullName,
  eventAppBranding,
  isScheduled,
  mayEnterEvent,
  type Booth,
  type BrandingState,
  type BroadcastSpeaker,
  type EventAppEvent,
  type EventAppMe,
  type EventAppPeoplePage,
  type EventAppProfile,
  type EventAppSettings,
  type EventAppSession,
  type EventAppSpeaker,
  type OnDemandVideo,
  type Room,
  type TrackStage,
  type TechCheck,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { sameFields } from '../../../platform/http/answers.ts';
import type { EntranceEvent } from '../entrance.ts';
import { createEventAppRepository } from './event-app.repository.ts';

/** A person of the event as the event app shows them (the organisation's profile of them). */
export interface EventAppPerson {
  first_name: string;
  last_name: string;
  title: string | null;
  company: string | null;
  email: string;
  bio: string | null;
  profile_picture_url: string | null;
  id: string;
}

/** What the event app reads and writes through other modules' services (studio.ts wires them). */
export interface EventAppDeps {
  db: Executor;
  sessionsOf(
    eventId: string,
  ): Promise<
    (Omit<EventAppSession, 'speakers' | 'start_time' | 'end_time'> & { start_time: Date; end_time: Date })[]
  >;
  sessionSpeakers(sessionIds: readonly string[]): Promise<ReadonlyMap<string, readonly BroadcastSpeaker[]>>;
  speakersOf(eventId: string): Promise<EventAppPerson[]>;
  /** A page of the event's attendees who may enter (the People tab), with their count. */
  peopleOf(
    eventId: string,
    page: { offset: number; limit: number },
  ): Promise<{ count: number; rows: EventAppPerson[] }>;
  boothsOf(eventId: string): Promise<Booth[]>;
  roomsOf(eventId: string): Promise<Room[]>;
  /** What the track's stage plays (the main track's when none or an unknown one is named), with the tracks to choose. */
  stageOf(eventId: string, track: string | undefined): Promise<TrackStage | undefined>;
  /** The event's videos on demand (its sessions' pre-recorded videos and its recordings). */
  onDemandOf(eventId: string): Promise<OnDemandVideo[] | undefined>;
  profileOf(eventId: string, userId: string): Promise<EventAppPerson | undefined>;
  saveProfile(eventId: string, userId: string, profile: EventAppProfile): Promise<void>;
  /** The event's branding (its stored documents over the defaults), where its app settings live. */
  brandingOf(eventId: string): Promise<BrandingState | undefined>;
  clock: () => Date;
}

/** A person as the event app shows them to others: who they are, nothing to reach them by. */
const shown = (person: EventAppPerson) => ({
  ...sameFields(person, ['id', 'first_name', 'last_name', 'profile_picture_url']),
  title: person.title ?? '',
  company: person.company ?? '',
});

/** The event app's use cases for an admitted person (the attendee site checked their cookie). */
export function createEventAppService(deps: EventAppDeps) {
  const repository = createEventAppRepository(deps.db);
  /** The event's branding, where its app settings live (the defaults for an event there is not). */
  const brandingOf = async (eventId: string) => (await deps.brandingOf(eventId)) ?? fillBranding(null, null);
  const settingsOf = async (eventId: string) => (await brandingOf(eventId)).event;
  return {
    settingsOf,
    /** Whether the event app is open to its people now (the one-hour rule, unless early entry is on). */
    isOpen: (event: EntranceEvent, settings: Pick<EventAppSettings, 'disable_enter_event_button'>) =>
      mayEnterEvent(event, settings, deps.clock()),

    async event(event: EntranceEvent): Promise<EventAppEvent> {
      const branding = await brandingOf(event.id);
      const webinar = event.event_type === 'Webinar';
      const hasSecondaryBooths =
        !webinar &&
        branding.event.show_event_booths &&
        (await deps.boothsOf(event.id)).some((booth) => booth.booth_type === 'secondary');
      return {
        id: event.id,
        title: event.title,
        start_time: event.start_time.toISOString(),
        end_time: event.end_time.toISOString(),
        timezone: event.timezone,
        webinar,
        scheduled: isScheduled(event.event_type),
        ...eventAppBranding(branding, { id: event.id, webinar, hasSecondaryBooths }),
      };
    },

    /** 002 §5.3: the person asked for a demo from the stage (once per event; asking again changes nothing). */
    async requestDemo(eventId: string, userId: string): Promise<boolean> {
      if (!(await brandingOf(eventId)).event.demo_link_enabled) return false;
      await repository.saveDemoRequest(eventId, userId);
      return true;
    },

    async me(eventId: string, userId: string): Promise<EventAppMe | undefined> {
      const person = await deps.profileOf(eventId, userId);
      if (!person) return undefined;
      const check = await repository.techCheckOf(eventId, userId);
      return {
        user_id: userId,
        email: person.email,
        first_name: person.first_name,
        last_name: person.last_name,
        title: person.title ?? '',
        company: person.company ?? '',
        tech_check: check ? { ...check, completed_at: check.completed_at.toISOString() } : null,
      };
    },

    saveProfile: (eventId: string, userId: string, profile: EventAppProfile) =>
      deps.saveProfile(eventId, userId, profile),

    saveTechCheck: (eventId: string, userId: string, check: TechCheck) =>
      repository.saveTechCheck(eventId, userId, check),

    async agenda(eventId: string): Promise<EventAppSession[]> {
      const sessions = await deps.sessionsOf(eventId);
      const speakers = await deps.sessionSpeakers(sessions.map((session) => session.id));
      return sessions.map((session) => ({
        ...session,
        start_time: session.start_time.toISOString(),
        end_time: session.end_time.toISOString(),
        speakers: (speakers.get(session.id) ?? [])
          .filter((speaker) => !speaker.hidden)
          .map((speaker) => ({ id: speaker.id, name: fullName(speaker.user) })),
      }));
    },

    async speakers(eventId: string): Promise<EventAppSpeaker[]> {
      return (await deps.speakersOf(eventId)).map((person) => ({
        ...shown(person),
        bio: person.bio ?? '',
      }));
    },
    /** The People tab's page; undefined when the event hides the tab. */
    async people(
      eventId: string,
      page: { offset: number; limit: number },
    ): Promise<EventAppPeoplePage | undefined> {
      if (!(await settingsOf(eventId)).show_attendees) return undefined;
      const { count, rows } = await deps.peopleOf(eventId, page);
      return { count, results: rows.map(shown) };
    },

    booths: (eventId: string) => deps.boothsOf(eventId),
    rooms: (eventId: string) => deps.roomsOf(eventId),
    stage: (eventId: string, track?: string) => deps.stageOf(eventId, track),
    onDemand: async (eventId: string) => (await deps.onDemandOf(eventId)) ?? [],
  };
}

export type EventAppService = ReturnType<typeof createEventAppService>;
