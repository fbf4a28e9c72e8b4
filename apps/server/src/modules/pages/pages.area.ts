import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { SessionTimes } from '../event-invitations/people-mailer.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import type { Programme } from '../programme/programme.ts';
import type { Live } from '../live/live.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { sanitizePageHtml } from '../../platform/http/rich-text.ts';
import { createPageContent } from './page-content.ts';
import { createPages, registerPagesRoutes } from './pages.ts';

/**
 * Built pages (issue 17 §1): page JSON per owner and kind, copied with events (after the
 * registration forms); rendered for the attendee site. Tells the library which videos pages show.
 */
export function pagesArea(
  studio: Studio,
  ports: Pick<VideoLibraryArea, 'library' | 'videoUsage'> &
    Pick<DomainsArea, 'attendeeBaseUrl'> &
    Pick<EventRolesArea, 'eventRoles'> & {
      backOffice: BackOffice;
      programme: Programme;
      sessionTimes: (eventId: string, ids: readonly string[]) => Promise<SessionTimes[]>;
      /** The live sessions' recordings, with their sessions. */
      live: Pick<Live, 'service'>;
    },
) {
  const { backOffice, programme, eventRoles, sessionTimes } = ports;
  const pages = createPages({
    db: studio.database.db,
    backOffice,
    videos: ports.library,
    sanitize: sanitizePageHtml,
    content: createPageContent({
      publicSeries: (seriesId) => backOffice.events.publicSeries(seriesId),
      sessionsOf: async (eventId) =>
        sessionTimes(
          eventId,
          (await programme.agenda.stageProgrammeOf(eventId)).sessions.map((s) => s.id),
        ),
      speakersOf: (eventId) => eventRoles.visibleSpeakersOf(eventId),
      boothsOf: (eventId) => programme.booths.ofEvent(eventId),
      hubPageEventsOf: async (id) => (await backOffice.hubPages.publicHubPage(id))?.events ?? [],
      // What aired, first: its live sessions' recordings, then the videos of its pre-recorded sessions
      // that have started (agenda order), then its buffer video.
      recordingCandidatesOf: async (eventId) => {
        const [event, agenda] = await Promise.all([
          backOffice.events.stageEventById(eventId),
          programme.agenda.stageProgrammeOf(eventId),
        ]);
        if (!event) return [];
        const now = Date.now();
        const sessionVideos = agenda.sessions.flatMap((s) =>
          s.broadcast_type === 'SIMULIVE' && s.start_time.getTime() <= now
            ? s.videoIds.map((videoId) => ({ videoId, sessionId: s.id }))
            : [],
        );
        const [recordings, recorded] = await Promise.all([
          ports.library.recordingsOf(event.organizationId, eventId),
          ports.live.service.recordedSessions(agenda.sessions.map((s) => s.id)),
        ]);
        return [
          ...recordings.map((recording) => ({
            videoId: recording.id,
            sessionId: recorded.get(recording.id) ?? null,
          })),
          ...sessionVideos,
          ...(event.bufferVideoId ? [{ videoId: event.bufferVideoId, sessionId: null }] : []),
        ];
      },
      attendeeBaseUrl: ports.attendeeBaseUrl,
    }),
  });
  registerPagesRoutes(studio.app, pages);
  backOffice.eventCopySteps.provide(pages.copyStep);
  backOffice.registrationPages.provide(pages.registrationPages);
  ports.videoUsage.provide(pages.videoUsage);
  return pages;
}
