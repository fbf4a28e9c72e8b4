import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { EventCopyStep } from '../back-office/event-copy.ts';
import type { VideoUsageProvider } from '../video-library/usage.ts';
import { createAgendaRepository } from './agenda.repository.ts';
import { registerAgendaRoutes } from './agenda.routes.ts';
import { createAgendaService, type AgendaDeps } from './agenda.service.ts';

/**
 * The programme of events (issue 14): sessions, tracks and agenda blocks. Registered once by the
 * composition root; it reaches events and the library only through what studio.ts hands it, and
 * gives back its copy step (event duplication) and its video usage (the library's "Video in use").
 */
export function registerProgramme(
  app: HttpServer,
  deps: Omit<AgendaDeps, 'agenda' | 'db'> & { db: Executor; publicUrl: string },
): { copyStep: EventCopyStep; videoUsage: VideoUsageProvider } {
  const repository = createAgendaRepository(deps.db);
  const agenda = createAgendaService({ ...deps, agenda: repository });
  registerAgendaRoutes(app, agenda, deps.publicUrl);
  return {
    copyStep: (copy) => repository.copy(copy),
    videoUsage: { usagesOf: (organizationId, assetIds) => agenda.usagesOf(organizationId, assetIds) },
  };
}
