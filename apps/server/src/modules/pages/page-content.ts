import { eventOnDemandPath, eventRegisterPath, seriesRegisterPath, type Booth } from '@studio/domain';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { PublicSeries } from '../back-office/events/event-core.service.ts';
import type { PageContent } from './pages.service.ts';

/** A speaker as the people area answers the event's visible speakers (not hidden, by rank). */
export interface PageSpeaker {
  first_name: string;
  last_name: string;
  title: string | null;
  company: string | null;
  profile_picture_url: string | null;
}

/** Where the pages' blocks read what they show besides their owner, each through its own area. */
export interface PageContentDeps {
  publicSeries(seriesId: string): Promise<PublicSeries | undefined>;
  /** The event's sessions by start (the programme's agenda). */
  sessionsOf(eventId: string): Promise<{ title: string; start_time: Date; end_time: Date }[]>;
  /** The event's speakers not hidden, by rank (event roles). */
  speakersOf(eventId: string): Promise<PageSpeaker[]>;
  /** The event's booths by rank (programme). */
  boothsOf(eventId: string): Promise<Booth[]>;
  /** The events a hub page lists, in its order (back office). */
  hubPageEventsOf(
    hubPageId: string,
  ): Promise<{ id: string; title: string; start_time: string; timezone: string }[]>;
  /**
   * The library videos that may be the event's recording, best first: its pre-recorded sessions'
   * videos in agenda order, then its buffer video (the stage's sources); each with the session it
   * is the recording or video of (null: none, the buffer video).
   */
  recordingCandidatesOf(eventId: string): Promise<RecordingCandidate[]>;
  /** An organisation's attendee origin (its default custom domain, if verified). */
  attendeeBaseUrl: AttendeeBaseUrl;
}

/** A library video that may be the event's recording, with its session (on-demand watches carry it). */
export interface RecordingCandidate {
  videoId: string;
  sessionId: string | null;
}

const fullName = (person: PageSpeaker) => `${person.first_name} ${person.last_name}`.trim();
const headlineOf = (person: PageSpeaker) => [person.title, person.company].filter(Boolean).join(', ') || null;
/** A booth's picture on a page: its hero image, else its poster. */
const logoOf = (booth: Booth) =>
  (booth.hero_asset_type === 'hero_asset_image' ? booth.hero_asset : null) ?? booth.poster;

/** The blocks' agenda, speakers, booths, events, registration links and (on-demand pages) recording. */
export function createPageContent(deps: PageContentDeps): PageContent {
  const none = { agenda: [], speakers: [], booths: [], events: [], recordingCandidates: [] };
  return async (ownerType, id, owner, kind) => {
    const base = await deps.attendeeBaseUrl(owner.organizationId);
    const registerUrl = (eventId: string) => `${base}${eventRegisterPath(eventId)}`;
    switch (ownerType) {
      case 'event': {
        // After the event, its other pages lead to the replay when there is one (`replayUrl`).
        const { end_time: end } = owner.context;
        const replay = kind !== 'on_demand' && end !== null && Date.parse(end) <= Date.now();
        const [sessions, speakers, booths, recordingCandidates] = await Promise.all([
          deps.sessionsOf(id),
          deps.speakersOf(id),
          deps.boothsOf(id),
          kind === 'on_demand' || replay ? deps.recordingCandidatesOf(id) : [],
        ]);
        return {
          ...none,
          agenda: sessions.map((session) => ({
            title: session.title,
            start_time: session.start_time.toISOString(),
            end_time: session.end_time.toISOString(),
          })),
          speakers: speakers.map((person) => ({
            name: fullName(person),
            headline: headlineOf(person),
            photoUrl: person.profile_picture_url,
          })),
          booths: booths.map((booth) => ({
            name: booth.name,
            description: booth.description || null,
            logoUrl: logoOf(booth),
          })),
          recordingCandidates,
          registerUrl: registerUrl(id),
          replayUrl: replay ? `${base}${eventOnDemandPath(id)}` : null,
        };
      }
      case 'series':
        return {
          ...none,
          events: ((await deps.publicSeries(id))?.events ?? []).map((event) => ({
            title: event.title,
            start_time: event.start_time.toISOString(),
            timezone: event.timezone,
            registerUrl: registerUrl(event.id),
          })),
          registerUrl: `${base}${seriesRegisterPath(id)}`,
        };
      case 'hub_page':
        return {
          ...none,
          events: (await deps.hubPageEventsOf(id)).map((event) => ({
            title: event.title,
            start_time: event.start_time,
            timezone: event.timezone,
            registerUrl: registerUrl(event.id),
          })),
          registerUrl: '#',
        };
      case 'template':
        return { ...none, registerUrl: '#' };
    }
  };
}
