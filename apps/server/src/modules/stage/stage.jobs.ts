import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { StageScheduler, StageService } from './stage.service.ts';

/** The stage's switch of one event at one instant (its decision's `until`). */
export const stageSwitchJob = defineJob({
  name: 'stage.switch',
  payload: z.object({ eventId: z.uuid(), at: z.iso.datetime() }),
  retryLimit: 3,
  retryDelaySeconds: 1,
});

/**
 * Sends of the same switch within this window are one job (pg-boss keeps the window under its
 * archive interval); a send in the next window adds a second, which repeats the same push.
 */
const DEDUPE_WINDOW_SECONDS = 3600;

/**
 * Switches are durable jobs (pg-boss, started after a delay): they survive restarts, run once in
 * whichever worker takes them, and every process may ask for the same switch — the key (event,
 * instant) makes it one job.
 */
export function createStageScheduler(jobs: JobQueue, clock: () => Date): StageScheduler {
  return {
    async at(eventId, at) {
      await jobs.send(
        stageSwitchJob,
        { eventId, at: at.toISOString() },
        {
          singletonKey: `${eventId}:${at.toISOString()}`,
          singletonSeconds: DEDUPE_WINDOW_SECONDS,
          startAfterSeconds: Math.max(0, Math.ceil((at.getTime() - clock().getTime()) / 1000)),
        },
      );
    },
  };
}

export function registerStageJobs(jobs: JobQueue, stage: StageService): void {
  jobs.register(stageSwitchJob, ({ eventId, at }) => stage.switchDue(eventId, new Date(at)));
}
