import { setMediaConcurrency } from '@studio/media';
import type { MediaConfig } from '../../config.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { ModuleLink, ModuleLinks } from '../../platform/module-links.ts';
import type { VisibleWorkspaces } from '../../platform/platform.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { createInstantPlayback } from './instant-playback.ts';
import { registerMediaRoutes } from './media.routes.ts';
import { createHlsGuard } from './playback.ts';
import { createUsageRegistry, type VideoUsageProvider } from './usage.ts';
import { registerVideoLibraryJobs, workRootOf } from './video-library.jobs.ts';
import { createVideoLibraryRepository } from './video-library.repository.ts';
import { registerTranscriptRoutes } from './transcripts.routes.ts';
import { createTranscriptsService } from './transcripts.service.ts';
import { registerVideoLibraryRoutes } from './video-library.routes.ts';
import {
  createVideoLibraryService,
  type EventIdsMatching,
  type RecordingReady,
} from './video-library.service.ts';

export { workRootOf } from './video-library.jobs.ts';

export const mediaDefaults = (overrides: Partial<MediaConfig> = {}): MediaConfig => ({
  concurrency: undefined,
  videoUploadMaxBytes: 5_242_880_000,
  uploadExpirationHours: 24,
  hlsGuardCodeTtlSeconds: 43_200,
  ...overrides,
});

export interface VideoLibraryDeps {
  db: Executor;
  storage: ObjectStore;
  jobs: JobQueue;
  realtime: Pick<Realtime, 'publish'>;
  uploads: UploadsService;
  dataDir: string;
  publicUrl: string;
  secretKey: string;
  media: MediaConfig;
  /** The events of a filter (event, tag, series): provided by the back office. */
  eventsMatching: ModuleLink<EventIdsMatching>;
  /** "Where is this video used": one provider per area that refers to videos. */
  usage: ModuleLinks<VideoUsageProvider>;
  /** Told when an event's recording is processed: one listener per area that acts on it. */
  recordingReady: ModuleLinks<RecordingReady>;
  /** Which workspaces a socket hears of: the library provides it to the gateway. */
  visibleWorkspaces: ModuleLink<VisibleWorkspaces>;
}

/** The library's API, media serving and its jobs, on the platform's storage, queue and pushes. */
export async function registerVideoLibrary(app: HttpServer, deps: VideoLibraryDeps) {
  const { db, storage, media } = deps;
  if (media.concurrency) setMediaConcurrency(media.concurrency);
  const assets = createVideoLibraryRepository(db);
  const guard = createHlsGuard(deps.secretKey, media.hlsGuardCodeTtlSeconds);
  const library = createVideoLibraryService({
    db,
    assets,
    uploads: deps.uploads,
    storage,
    jobs: deps.jobs,
    realtime: deps.realtime,
    usage: createUsageRegistry(deps.usage),
    guard,
    publicUrl: deps.publicUrl,
    eventsMatching: deps.eventsMatching,
  });
  deps.visibleWorkspaces.provide((caller) => library.visibleWorkspaces(caller));
  await registerVideoLibraryRoutes(app, library, storage, deps.publicUrl);
  const transcripts = createTranscriptsService({
    library,
    assets,
    jobs: deps.jobs,
    publicUrl: deps.publicUrl,
  });
  registerTranscriptRoutes(app, transcripts);
  const instant = createInstantPlayback(storage);
  const mediaServer = registerMediaRoutes(app, { storage, assets, guard, instant });
  registerVideoLibraryJobs(deps.jobs, {
    assets,
    uploads: deps.uploads,
    storage,
    realtime: deps.realtime,
    workRoot: workRootOf(deps.dataDir),
    instant,
    recordingReady: deps.recordingReady,
  });
  return { library, transcripts, mediaServer };
}
