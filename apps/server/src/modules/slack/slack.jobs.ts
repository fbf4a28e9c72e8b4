import { SLACK_SUMMARY_SWEEP_SECONDS, WEBHOOK_ACTIVITY_TYPES } from '@studio/domain';
import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { SlackPoster } from './slack-poster.ts';
import type { SlackSummaries } from './slack-summaries.ts';

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

/** Every minute: the summaries whose time has come are written and queued as messages. */
export const slackSummariesSweepJob = defineJob<Record<string, never>>({
  name: 'slack.summaries-sweep',
  payload: z.object({}).strict(),
  retryLimit: 0,
});

export function registerSlackJobs(
  jobs: JobQueue,
  work: { poster: SlackPoster; summaries: SlackSummaries; now: () => Date },
): void {
  jobs.register(slackActivityJob, (activity) => work.poster.fanOut(activity));
  jobs.register(slackMessageJob, ({ messageId }) => work.poster.post(messageId));
  jobs.register(slackSummariesSweepJob, () => work.summaries.sweep(work.now()));
  jobs.every(slackSummariesSweepJob, {}, SLACK_SUMMARY_SWEEP_SECONDS);
}
