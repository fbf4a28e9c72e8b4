import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-registry.ts';

/**
 * The media pipeline of one asset (ARCHITECTURE §5), first part: probe, warnings, first playable,
 * thumbnail — seconds. Its own queue, so a new upload plays while other videos' ladders run.
 */
export const transcodeVideoAssetJob = defineJob({
  name: 'video-assets.transcode',
  payload: z.object({ assetId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 3 * 3600,
  concurrency: Math.max(1, Math.min(2, availableParallelism())),
});

/** Second part: the adaptive ladder and the downloadable mp4, then COMPLETE. */
export const ladderVideoAssetJob = defineJob({
  name: 'video-assets.ladder',
  payload: z.object({ assetId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  // A long video's ladder takes about its own duration; a lost worker is noticed by its lease.
  expireInSeconds: 23 * 3600,
  // One ladder at a time per process: each ffmpeg already uses every core.
  concurrency: 1,
});

/** Removes a deleted asset's media and its original upload. */
export const purgeVideoAssetJob = defineJob({
  name: 'video-assets.purge',
  payload: z.object({ assetId: z.uuid(), uploadId: z.string().nullable() }),
  retryLimit: 10,
});

/** Deletes abandoned uploads (scheduled by the workers). */
export const expireUploadsJob = defineJob({
  name: 'uploads.expire',
  payload: z.object({}),
  retryLimit: 2,
});
