import { WEBHOOK_ACTIVITY_TYPES } from '@studio/domain';
import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { SlackPoster } from './slack-poster.ts';

/** An activity to post to the event's notifications that take it (queued in the activity's transaction). */
export const slackActivityJob = defineJob({
  name: 'slack.activity',
  payload: z.object({
    organizationId: z.uuid(),
    eventId: z.uuid(),
    type: z.enum(WEBHOOK_ACTIVITY_TYPES),
    data: z.record(z.string(), z.unknown()),
  }),
  retryLimit: 5,
});

/** One attempt at posting one message; its retries (429, 5xx) are scheduled by the attempt itself. */
export const slackMessageJob = defineJob({
  name: 'slack.message',
  payload: z.object({ messageId: z.uuid() }),
  retryLimit: 3,
});

export function registerSlackJobs(jobs: JobQueue, poster: SlackPoster): void {
  jobs.register(slackActivityJob, (activity) => poster.fanOut(activity));
  jobs.register(slackMessageJob, ({ messageId }) => poster.post(messageId));
}
