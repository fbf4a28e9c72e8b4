import { z } from 'zod';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { defineJob } from '../../../platform/jobs/job-registry.ts';
import type { SimuliveTestService } from './simulive-test.service.ts';

/** The end of one test run: the session's, when its end time is still this one. */
export const simuliveTestEndJob = defineJob({
  name: 'simulive.test-end',
  payload: z.object({
    organizationId: z.uuid(),
    eventId: z.uuid(),
    broadcastId: z.uuid(),
    endTime: z.iso.datetime(),
  }),
  retryLimit: 3,
  retryDelaySeconds: 1,
});

export function registerSimuliveTestJobs(jobs: JobQueue, tests: SimuliveTestService): void {
  jobs.register(simuliveTestEndJob, (run) => tests.endDue(run));
}
