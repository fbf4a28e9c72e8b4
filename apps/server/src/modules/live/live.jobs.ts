import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-registry.ts';

/** A channel's state checked again at an instant it may change (test end, window, sessions, event end). */
export const channelRefreshJob = defineJob({
  name: 'live.channel-refresh',
  payload: z.object({ inputId: z.uuid(), at: z.iso.datetime() }),
  retryLimit: 3,
  retryDelaySeconds: 1,
});

/** A live session's recording, made once its session has ended. */
export const sessionRecordingJob = defineJob({
  name: 'live.session-recording',
  payload: z.object({ broadcastId: z.uuid(), inputId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
});
