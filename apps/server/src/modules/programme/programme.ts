import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ModuleLinks } from '../../platform/module-links.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventsService } from '../back-office/events/events.service.ts';
import type { LibraryVideos } from '../back-office/stage-roll-videos.ts';
import type { VideoUsageProvider } from '../video-library/usage.ts';
import { createAgendaAccess } from './agenda/agenda-access.ts';
import { createAgendaRepository } from './agenda/agenda.repository.ts';
import { registerAgendaRoutes } from './agenda/agenda.routes.ts';
import { createAgendaService } from './agenda/agenda.service.ts';
import { createBroadcastsService } from './agenda/broadcasts.service.ts';
import { createSessionVideoUsage } from './agenda/video-usage.ts';

export interface ProgrammeDeps {
  db: Executor;
  /** The back office's events: the event a programme object belongs to (`programmeEventOf`). */
  events: EventsService;
  /** The video library, asked before a session (or booth) takes a video. */
  videos: LibraryVideos;
  realtime: Realtime;
  publicUrl: string;
}

/** The links the programme provides to other areas (studio.ts passes them). */
export interface ProgrammeLinks {
  videoUsage: ModuleLinks<VideoUsageProvider>;
  copySteps: BackOffice['eventCopySteps'];
}

/**
 * An event's programme (issue 14): the agenda (sessions, tracks, agenda items); rooms, booths and
 * surveys join as areas under `programme/`. Each area: built here, registered below.
 */
export function createProgramme(deps: ProgrammeDeps) {
  const agendaDeps = { ...deps, agenda: createAgendaRepository(deps.db) };
  const shared = createAgendaAccess(agendaDeps);
  return {
    deps,
    broadcasts: createBroadcastsService({ ...agendaDeps, shared }),
    agenda: createAgendaService({ ...agendaDeps, shared }),
    sessionVideoUsage: createSessionVideoUsage(agendaDeps),
  };
}

export type Programme = ReturnType<typeof createProgramme>;

export function registerProgramme(app: HttpServer, programme: Programme, links: ProgrammeLinks): void {
  registerAgendaRoutes(app, programme, programme.deps.publicUrl);
  links.videoUsage.provide(programme.sessionVideoUsage);
  // Event duplication: the agenda first; later areas re-point their references through newIds.
  links.copySteps.provide(async ({ sourceEventId, targetEventId, shiftMs, newIds, tx }) => {
    const copied = await programme.agenda.copyAgenda(sourceEventId, targetEventId, shiftMs, tx);
    for (const [from, to] of copied) newIds.set(from, to);
  });
}
