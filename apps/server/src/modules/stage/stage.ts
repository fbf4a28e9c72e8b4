import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { createStageScheduler, registerStageJobs } from './stage.jobs.ts';
import { registerStageRoutes, type StageRoutesDeps } from './stage.routes.ts';
import { createStageService, type StageDeps, type StageService } from './stage.service.ts';

export { STAGE_CHANNEL, type StageChange, type StageService } from './stage.service.ts';

/** The stage, its switches scheduled on the durable queue. */
export function createStage(deps: Omit<StageDeps, 'scheduler'> & { jobs: JobQueue }): StageService {
  return createStageService({ ...deps, scheduler: createStageScheduler(deps.jobs, deps.clock) });
}

/** Its route, and its switch job (registered by every process, run by workers). */
export function registerStage(
  app: HttpServer,
  stage: StageService,
  deps: Omit<StageRoutesDeps, 'stage'> & { jobs: JobQueue },
): void {
  registerStageRoutes(app, { stage, visibleEvent: deps.visibleEvent });
  registerStageJobs(deps.jobs, stage);
}
