import { readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isProcessed } from '@studio/domain';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { ModuleLinks } from '../../platform/module-links.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { createInstantPlayback, type InstantPlayback } from './instant-playback.ts';
import { createTranscodePipeline, type PipelineDeps } from './pipeline.ts';
import { assetPrefix } from './playback.ts';
import { createTranscriber, transcribeVideoAssetJob } from './transcription.ts';
import type { VideoLibraryRepository } from './video-library.repository.ts';
import type { RecordingReady } from './video-library.service.ts';

/** An ffmpeg step on a video (its transcode, its ladder, a clip's cut): three tries, ten seconds apart. */
export const VIDEO_STEP_RETRIES = { retryLimit: 3, retryDelaySeconds: 10 };

/**
 * The media pipeline of one asset (ARCHITECTURE §5), first part: probe, warnings, first playable,
 * thumbnail — seconds. Its own queue, so a new upload plays while other videos' ladders run.
 */
export const transcodeVideoAssetJob = defineJob({
  name: 'video-assets.transcode',
  payload: z.object({ assetId: z.uuid() }),
  oneWaitingPerKey: true,
  ...VIDEO_STEP_RETRIES,
  expireInSeconds: 3 * 3600,
  concurrency: Math.max(1, Math.min(2, availableParallelism())),
});

/** Second part: the adaptive ladder and the downloadable mp4, then COMPLETE. */
export const ladderVideoAssetJob = defineJob({
  name: 'video-assets.ladder',
  payload: z.object({ assetId: z.uuid() }),
  oneWaitingPerKey: true,
  ...VIDEO_STEP_RETRIES,
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

const UPLOAD_EXPIRY_SWEEP_SECONDS = 15 * 60;

/** The pipeline's scratch space under the data directory. */
export const workRootOf = (dataDir: string) => path.join(path.resolve(dataDir), 'work');

export interface VideoLibraryJobsDeps {
  assets: VideoLibraryRepository;
  uploads: UploadsService;
  storage: ObjectStore;
  realtime: Pick<Realtime, 'publish'>;
  workRoot: string;
  instant?: InstantPlayback;
  beforeStep?: PipelineDeps['beforeStep'];
  /** Told when an event's recording is processed (again on a retry: listeners are idempotent). */
  recordingReady?: Pick<ModuleLinks<RecordingReady>, 'all'>;
}

/** The library's jobs and their handlers — registered by every process, run by worker processes. */
export function registerVideoLibraryJobs(queue: JobQueue, deps: VideoLibraryJobsDeps): void {
  const { storage } = deps;
  const pipeline = createTranscodePipeline({
    assets: deps.assets,
    storage,
    instant: deps.instant ?? createInstantPlayback(storage),
    realtime: deps.realtime,
    workRoot: deps.workRoot,
    ...(deps.beforeStep ? { beforeStep: deps.beforeStep } : {}),
  });
  queue.register(transcodeVideoAssetJob, async ({ assetId }, context) => {
    if ((await pipeline.run(assetId, context, 'playable')) === 'more')
      await queue.send(ladderVideoAssetJob, { assetId }, { singletonKey: assetId });
  });
  queue.register(ladderVideoAssetJob, async ({ assetId }, context) => {
    await pipeline.run(assetId, context, 'complete');
    const asset = await deps.assets.findById(assetId);
    if (!asset || !isProcessed(asset.transcode_status)) return;
    // Every processed video gets a transcript once; a new one is asked for by hand.
    if (await deps.assets.queueTranscription(assetId, asset.transcription.language ?? null, true))
      await queue.send(transcribeVideoAssetJob, { assetId }, { singletonKey: assetId });
    // An event's recording is its on-demand video: the areas acting on it (Wistia) are told.
    if (asset.source === 'EVENT_RECORDING' && asset.event_id)
      for (const listener of deps.recordingReady?.all() ?? [])
        await listener({ organizationId: asset.organization_id, eventId: asset.event_id, videoId: asset.id });
  });
  const transcribe = createTranscriber({
    assets: deps.assets,
    storage,
    workRoot: deps.workRoot,
    realtime: deps.realtime,
  });
  queue.register(transcribeVideoAssetJob, async ({ assetId }, context) => transcribe(assetId, context));
  queue.register(purgeVideoAssetJob, async ({ assetId, uploadId }) => {
    await storage.deletePrefix(assetPrefix(assetId));
    if (uploadId) await deps.uploads.remove(uploadId);
  });
  queue.register(expireUploadsJob, async () => {
    await deps.uploads.expire();
    await removeStaleWork(deps.workRoot);
  });
  queue.every(expireUploadsJob, {}, UPLOAD_EXPIRY_SWEEP_SECONDS);
}

/** Scratch directories of pipeline runs that died with their process (older than a day). */
async function removeStaleWork(workRoot: string): Promise<void> {
  const entries = await readdir(workRoot).catch(() => [] as string[]);
  for (const entry of entries) {
    const full = path.join(workRoot, entry);
    const info = await stat(full).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 24 * 3600_000) await rm(full, { recursive: true, force: true });
  }
}
