import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaConfig, S3Settings } from '../../config.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { createUploadsRepository } from '../uploads/uploads.repository.ts';
import { registerUploadsRoutes } from '../uploads/uploads.routes.ts';
import { createUploadsService, type UploadsService } from '../uploads/uploads.service.ts';
import { createInstantPlayback, type InstantPlayback } from './instant-playback.ts';
import { registerMediaRoutes } from './media.routes.ts';
import { createTranscodePipeline, type PipelineDeps } from './pipeline.ts';
import { assetPrefix, createHlsGuard } from './playback.ts';
import { createUsageRegistry } from './usage.ts';
import {
  expireUploadsJob,
  ladderVideoAssetJob,
  purgeVideoAssetJob,
  transcodeVideoAssetJob,
} from './video-library.jobs.ts';
import { createVideoLibraryRepository, type VideoLibraryRepository } from './video-library.repository.ts';
import { registerVideoLibraryRoutes } from './video-library.routes.ts';
import { createVideoLibraryService } from './video-library.service.ts';

export interface VideoLibrarySettings {
  dataDir: string;
  s3: S3Settings | undefined;
  publicUrl: string;
  secretKey: string;
  media: MediaConfig;
}

export interface VideoLibraryPlatform {
  database: DatabaseHandle;
  storage: ObjectStore;
  jobs: JobQueue;
  realtime: Pick<Realtime, 'publish'>;
}

const UPLOAD_EXPIRY_SWEEP_SECONDS = 15 * 60;

export const workRootOf = (dataDir: string) => path.join(path.resolve(dataDir), 'work');

/** The library's jobs and their handlers — registered by every process, run by worker processes. */
export function registerVideoLibraryJobs(
  platform: VideoLibraryPlatform,
  deps: {
    assets: VideoLibraryRepository;
    uploads: UploadsService;
    workRoot: string;
    instant?: InstantPlayback;
    beforeStep?: PipelineDeps['beforeStep'];
  },
): void {
  const { jobs, storage } = platform;
  const pipeline = createTranscodePipeline({
    assets: deps.assets,
    storage,
    instant: deps.instant ?? createInstantPlayback(storage),
    realtime: platform.realtime,
    workRoot: deps.workRoot,
    ...(deps.beforeStep ? { beforeStep: deps.beforeStep } : {}),
  });
  jobs.register(transcodeVideoAssetJob, async ({ assetId }, context) => {
    if ((await pipeline.run(assetId, context, 'playable')) === 'more')
      await jobs.send(ladderVideoAssetJob, { assetId }, { singletonKey: assetId });
  });
  jobs.register(ladderVideoAssetJob, async ({ assetId }, context) => {
    await pipeline.run(assetId, context, 'complete');
  });
  jobs.register(purgeVideoAssetJob, async ({ assetId, uploadId }) => {
    await storage.deletePrefix(assetPrefix(assetId));
    if (uploadId) await deps.uploads.remove(uploadId);
  });
  jobs.register(expireUploadsJob, async () => {
    await deps.uploads.expire();
    await removeStaleWork(deps.workRoot);
  });
  jobs.every(expireUploadsJob, {}, UPLOAD_EXPIRY_SWEEP_SECONDS);
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

/** Uploads, the library's API, media serving and its jobs, on the platform's storage, queue and pushes. */
export async function registerVideoLibrary(
  app: HttpServer,
  platform: VideoLibraryPlatform,
  settings: VideoLibrarySettings,
) {
  const { db } = platform.database;
  const assets = createVideoLibraryRepository(db);
  const uploads = createUploadsService({
    uploads: createUploadsRepository(db),
    storage: platform.storage,
    settings: {
      dataDir: settings.dataDir,
      s3: settings.s3,
      publicUrl: settings.publicUrl,
      videoMaxBytes: settings.media.videoUploadMaxBytes,
      expirationHours: settings.media.uploadExpirationHours,
    },
  });
  const guard = createHlsGuard(settings.secretKey, settings.media.hlsGuardCodeTtlSeconds);
  const usage = createUsageRegistry();
  const library = createVideoLibraryService({
    db,
    assets,
    uploads,
    storage: platform.storage,
    jobs: platform.jobs,
    realtime: platform.realtime,
    usage,
    guard,
    publicUrl: settings.publicUrl,
  });
  await registerUploadsRoutes(app, uploads);
  await registerVideoLibraryRoutes(app, library, platform.storage, settings.publicUrl);
  const instant = createInstantPlayback(platform.storage);
  registerMediaRoutes(app, { storage: platform.storage, assets, guard, instant });
  registerVideoLibraryJobs(platform, { assets, uploads, workRoot: workRootOf(settings.dataDir), instant });
  return { library, usage, uploads, assets };
}
