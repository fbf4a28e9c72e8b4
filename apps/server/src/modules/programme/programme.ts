import type { Activities } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { moduleLinks, type ModuleLinks } from '../../platform/module-links.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { LibraryVideos } from '../back-office/stage-roll-videos.ts';
import type { EventRolesService } from '../event-roles/event-roles.service.ts';
import type { VideoUsageProvider } from '../video-library/usage.ts';
import {
  createAgendaAccess,
  type AgendaDeps,
  type SessionSpeakers,
  type SessionsMoved,
} from './agenda/agenda-access.ts';
import { createAgendaRepository } from './agenda/agenda.repository.ts';
import { registerAgendaRoutes } from './agenda/agenda.routes.ts';
import { createAgendaService } from './agenda/agenda.service.ts';
import { createBroadcastsService } from './agenda/broadcasts.service.ts';
import { registerSimuliveTestJobs } from './agenda/simulive-test.jobs.ts';
import { createSimuliveTestService, type SimuliveTestDeps } from './agenda/simulive-test.service.ts';
import { createSessionVideoUsage } from './agenda/video-usage.ts';
import { registerBoothsRoutes } from './booths/booths.routes.ts';
import { createBoothsService, type BoothsDeps } from './booths/booths.service.ts';
import { registerRoomsRoutes } from './rooms/rooms.routes.ts';
import { createRoomsService } from './rooms/rooms.service.ts';
import { createSessionDocumentsRepository } from './session-documents/session-documents.repository.ts';
import { registerSessionDocumentsRoutes } from './session-documents/session-documents.routes.ts';
import { createSessionDocumentsService } from './session-documents/session-documents.service.ts';
import { createSurveyAnswersService } from './surveys/survey-answers.service.ts';
import { registerSurveysRoutes } from './surveys/surveys.routes.ts';
import { createSurveysService, type SessionSurveysChanged } from './surveys/surveys.service.ts';

export interface ProgrammeDeps {
  db: Executor;
  /** The back office's events: the event a programme object belongs to (`programmeEventOf`). */
  events: EventCore;
  /** The video library, asked before a session (or booth) takes a video; it plays a test run's videos. */
  videos: LibraryVideos & SimuliveTestDeps['videos'];
  /** The durable queue: a simulive test run ends through a job. */
  jobs: JobQueue;
  /** Now (a simulive test run's times); tests pass a fake clock. */
  clock: () => Date;
  realtime: Realtime;
  publicUrl: string;
  /** Event roles (sponsors of booths, speakers of sessions), built by studio.ts. */
  eventRoles: EventRolesService;
  /** Sponsors are invited through the sign-in area (booths). */
  inviteGuest: BoothsDeps['inviteGuest'];
  /** The sessions' speakers (the people area). */
  speakersOf: SessionSpeakers;
  /** After a session's start or end changed: the people's calendar invitations follow. */
  sessionsMoved?: SessionsMoved;
  rtmpInputInEvent?: AgendaDeps['rtmpInputInEvent'];
  /** Attendees' answered surveys, for the organisation's webhooks and CRMs. */
  activities: () => Activities;
}

/** The links the programme provides to other areas (studio.ts passes them). */
export interface ProgrammeLinks {
  videoUsage: ModuleLinks<VideoUsageProvider>;
  copySteps: BackOffice['eventCopySteps'];
}

/**
 * An event's programme (issue 14): the agenda (sessions, tracks, agenda items), rooms, booths and
 * surveys, each an area under `programme/`. Each area: built here, registered below.
 */
export function createProgramme(deps: ProgrammeDeps) {
  const agenda = createAgendaRepository(deps.db);
  const agendaDeps = { ...deps, agenda };
  const shared = createAgendaAccess(agendaDeps);
  const { eventRoles } = deps;
  const broadcasts = createBroadcastsService({ ...agendaDeps, shared });
  const rooms = createRoomsService({ ...deps, eventRoles });
  const surveysChanged = moduleLinks<SessionSurveysChanged>(
    "engagement → programme: a session's surveys changed",
  );
  const surveys = createSurveysService({
    ...deps,
    sessionEventOf: async (id, tx) => (await agenda.findBroadcast(id, tx))?.event_id,
    async sessionSurveysChanged(event, broadcastId) {
      for (const listener of surveysChanged.all()) await listener(event, broadcastId);
    },
  });
  return {
    deps,
    broadcasts,
    simuliveTests: createSimuliveTestService({ ...agendaDeps, shared }),
    agenda: createAgendaService({ ...agendaDeps, shared }),
    sessionVideoUsage: createSessionVideoUsage(agendaDeps),
    sessionsSummary: (eventId: string) => agenda.sessionsSummary(eventId),
    eventRoles,
    rooms,
    booths: createBoothsService({ ...deps, eventRoles, boothRooms: rooms.boothRooms }),
    surveys,
    /** Told after a committed change of a session's surveys (engagement pushes it to the attendees). */
    surveysChanged,
    surveyAnswers: createSurveyAnswersService({
      ...deps,
      sessionsOf: (eventId) => agenda.allBroadcastsOf(eventId),
      readableSurvey: surveys.readableSurvey,
    }),
    sessionDocuments: createSessionDocumentsService({
      documents: createSessionDocumentsRepository(deps.db),
    }),
  };
}

export type Programme = ReturnType<typeof createProgramme>;

export function registerProgramme(app: HttpServer, programme: Programme, links: ProgrammeLinks): void {
  registerAgendaRoutes(app, programme, programme.deps.publicUrl);
  registerSessionDocumentsRoutes(app, {
    broadcasts: programme.broadcasts,
    documents: programme.sessionDocuments,
  });
  registerSimuliveTestJobs(programme.deps.jobs, programme.simuliveTests);
  links.videoUsage.provide(programme.sessionVideoUsage);
  // Event duplication: the agenda first; later areas re-point their references through newIds.
  links.copySteps.provide({
    async copy({ sourceEventId, targetEventId, shiftMs, newIds, tx }) {
      const copied = await programme.agenda.copyAgenda(sourceEventId, targetEventId, shiftMs, tx);
      for (const [from, to] of copied) newIds.set(from, to);
    },
    clear: programme.agenda.clearAgenda,
  });
  links.copySteps.provide(programme.sessionDocuments.copyStep);
  registerRoomsRoutes(app, programme.rooms, programme.deps.publicUrl);
  registerBoothsRoutes(app, programme.booths, programme.deps.publicUrl);
  links.videoUsage.provide(programme.booths.videoUsage);
  links.copySteps.provide(programme.rooms.copyStep);
  links.copySteps.provide(programme.booths.copyStep);
  registerSurveysRoutes(app, programme.surveys, programme.surveyAnswers, programme.deps.publicUrl);
  links.copySteps.provide(programme.surveys.copyStep);
}
