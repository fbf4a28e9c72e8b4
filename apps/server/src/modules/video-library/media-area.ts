import os from 'node:os';
import path from 'node:path';
import { setMediaConcurrency } from '@studio/media';
import type { Config, MediaConfig, Role, S3Settings } from '../../config.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { Authenticator } from '../../platform/http/caller.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.ts';
import { registerRealtimeGateway, type Realtime } from '../../platform/realtime/gateway.ts';
import { createPubSub, jobWakeups } from '../../platform/realtime/realtime.ts';
import { createObjectStore } from '../../platform/storage/storage.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { OrganizationCaller } from '../access/access.rules.ts';
import { registerVideoLibrary } from './video-library.module.ts';

/** What the media area reads from the configuration; every field has a default for tests. */
export interface MediaAreaConfig {
  dataDir?: string;
  s3?: S3Settings | undefined;
  media?: Partial<MediaConfig>;
  /** api: no job workers; worker and all: workers start when the server is ready. Default api. */
  role?: Role;
  jobs?: { pollIntervalMs?: number; leaseTimeoutSeconds?: number };
}

const defaultMedia = (overrides: Partial<MediaConfig> = {}): MediaConfig => ({
  concurrency: undefined,
  videoUploadMaxBytes: 5_242_880_000,
  uploadExpirationHours: 24,
  hlsGuardCodeTtlSeconds: 43_200,
  ...overrides,
});

export interface MediaArea {
  storage: ObjectStore;
  jobs: JobQueue;
  realtime: Realtime;
  library: Awaited<ReturnType<typeof registerVideoLibrary>>;
}

/**
 * Storage (local disk or S3), the durable job queue, the websocket gateway and its pub/sub, and
 * the video library on them. Workers start with the server when the role runs them.
 */
export async function composeMedia(
  app: HttpServer,
  deps: {
    database: DatabaseHandle;
    config: MediaAreaConfig & Partial<Pick<Config, 'publicUrl'>>;
    publicUrl: string;
    secretKey: string;
    authenticate: Authenticator;
  },
): Promise<MediaArea> {
  const { database, config, publicUrl, secretKey } = deps;
  const dataDir = config.dataDir ?? path.join(os.tmpdir(), 'event-studio-data');
  const media = defaultMedia(config.media);
  if (media.concurrency) setMediaConcurrency(media.concurrency);

  const storage = createObjectStore({ dataDir, s3: config.s3 });
  const pubsub = createPubSub(database, app.log);
  const jobs = createJobQueue({ database, log: app.log, wakeups: jobWakeups(pubsub), ...config.jobs });
  // The gateway asks the library which workspaces a socket may hear of; the library pushes through the gateway.
  const late: { library?: Awaited<ReturnType<typeof registerVideoLibrary>> } = {};
  const realtime = await registerRealtimeGateway(app, {
    authenticate: deps.authenticate,
    pubsub,
    visibleWorkspaces: (caller: OrganizationCaller) =>
      late.library?.library.visibleWorkspaces(caller) ?? Promise.resolve([]),
  });
  const library = await registerVideoLibrary(
    app,
    { database, storage, jobs, realtime },
    { dataDir, s3: config.s3, publicUrl, secretKey, media },
  );

  late.library = library;
  const runWorkers = config.role === 'worker' || config.role === 'all';
  if (runWorkers) app.addHook('onReady', () => jobs.startWorkers());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pubsub.close();
    await storage.close();
  });
  return { storage, jobs, realtime, library };
}
