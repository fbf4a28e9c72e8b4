import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventInvitationsService } from '../event-invitations/event-invitations.service.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { Live } from '../live/live.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import type { AttendeeSiteArea } from '../attendee-site/attendee-site.area.ts';
import { createProgramme, registerProgramme, type Programme } from './programme.ts';
import { registerSessionDocumentsAttendeeRoutes } from './session-documents/session-documents.routes.ts';
import { registerSurveyAnswerRoutes } from './surveys/survey-answers.routes.ts';

/**
 * The programme: sessions, tracks and the agenda; rooms, booths, surveys (issue 14). Fills the
 * people's extension points (the sessions of an event, the push after their speakers changed).
 */
export function programmeArea(
  studio: Studio,
  ports: Pick<AuthArea, 'signIn'> &
    VideoLibraryArea &
    Pick<EventRolesArea, 'eventRoles' | 'sessionIds' | 'sessionsChanged'> & {
      backOffice: BackOffice;
      invitations: Pick<EventInvitationsService, 'sessionsMoved'>;
      live: Live;
    },
) {
  const { platform } = studio;
  const { eventRoles, signIn, invitations, live } = ports;
  const programme = createProgramme({
    db: studio.database.db,
    events: ports.backOffice.events,
    eventRoles,
    videos: ports.library,
    jobs: platform.jobs,
    clock: studio.clock,
    realtime: platform.realtime,
    publicUrl: studio.publicUrl,
    inviteGuest: (guest, landingPath, tx) => signIn.flows.inviteEventGuest(guest, landingPath, tx),
    speakersOf: eventRoles.speakersOfBroadcasts,
    sessionsMoved: (organizationId, eventId, broadcastIds) =>
      invitations.sessionsMoved(organizationId, eventId, broadcastIds),
    rtmpInputInEvent: async (eventId, inputId, tx) =>
      Boolean(await live.service.inputOfEvent(eventId, inputId, tx)),
    activities: () => studio.activities.use(),
  });
  ports.sessionIds.provide((eventId, ids, tx) => programme.agenda.sessionIdsOf(eventId, ids, tx));
  // After a change of a session's people: its `broadcast-updated` push.
  ports.sessionsChanged.provide((organizationId, eventId, broadcastIds) =>
    programme.broadcasts.pushSessions(organizationId, eventId, broadcastIds),
  );
  ports.backOffice.summary.parts.sessions.provide(programme.sessionsSummary);
  ports.backOffice.rescheduleSteps.provide((event, shiftMs, tx) =>
    programme.broadcasts.rescheduled(event, shiftMs, tx),
  );
  registerProgramme(studio.app, programme, {
    videoUsage: ports.videoUsage,
    copySteps: ports.backOffice.eventCopySteps,
  });
  return programme;
}

/** The programme's calls on the event app (built after the programme): attendees answer sessions' surveys and read their documents. */
export function programmeEventAppArea(
  programme: Programme,
  ports: Pick<AttendeeSiteArea, 'eventApp'> & Pick<EventRolesArea, 'eventRoles'>,
): void {
  registerSurveyAnswerRoutes(ports.eventApp, programme.surveyAnswers, ports.eventRoles);
  registerSessionDocumentsAttendeeRoutes(ports.eventApp, programme.sessionDocuments);
}
