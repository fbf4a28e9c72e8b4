import os from 'node:os';
import path from 'node:path';
import type { Config, Role, S3Settings } from '../config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Authenticator, Caller } from './http/caller.ts';
import type { HttpServer } from './http/server.ts';
import { createJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { startBounceListener, type ReportReceived } from './mail/bounce-listener.ts';
import { createMailService, type MailService } from './mail/mail.ts';
import { moduleLink, type ModuleLink } from './module-links.ts';
import { registerRealtimeGateway, type Realtime } from './realtime/gateway.ts';
import { createPubSub, jobWakeups } from './realtime/realtime.ts';
import type { PubSub } from './realtime/pubsub.ts';
import { createObjectStore, type ObjectStore } from './storage/storage.ts';

/** What the platform reads from the configuration; every field has a default for tests. */
export interface PlatformConfig extends Partial<
  Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailReturnPathHost' | 'bounceSmtpPort'>
> {
  dataDir?: string;
  s3?: S3Settings | undefined;
  /** api: no job workers; worker and all: workers start when the server is ready. Default api. */
  role?: Role;
  jobs?: { pollIntervalMs?: number; leaseTimeoutSeconds?: number };
}

export const platformDefaults = { mailFrom: 'Event Studio <no-reply@localhost>' } as const;

/** The workspaces a socket's caller may hear of (null: all); provided by the area that knows. */
export type VisibleWorkspaces = (
  caller: Caller & { organizationId: string },
) => Promise<readonly string[] | null>;

/** The pieces every module is built on; created once, by the composition root. */
export interface Platform {
  database: DatabaseHandle;
  dataDir: string;
  storage: ObjectStore;
  jobs: JobQueue;
  realtime: Realtime;
  /** Messages between processes (the attendee site's live pushes subscribe to it). */
  pubsub: PubSub;
  mail: MailService;
  mailFrom: string;
  /** Where bounces and complaints received at the return path go (the email module's delivery log). */
  deliveryReports: ModuleLink<ReportReceived>;
}

/**
 * Storage (local disk or S3), the durable job queue, the websocket gateway and its pub/sub, and
 * mail, on the HTTP server; they close with it. Workers start with the server when the role runs them.
 */
export async function createPlatform(
  app: HttpServer,
  deps: {
    database: DatabaseHandle;
    config: PlatformConfig;
    authenticate: Authenticator;
    visibleWorkspaces: ModuleLink<VisibleWorkspaces>;
  },
): Promise<Platform> {
  const { database, config } = deps;
  const dataDir = config.dataDir ?? path.join(os.tmpdir(), 'event-studio-data');
  const storage = createObjectStore({ dataDir, s3: config.s3 });
  const pubsub = createPubSub(database, app.log);
  const jobs = createJobQueue({ database, log: app.log, wakeups: jobWakeups(pubsub), ...config.jobs });
  const realtime = await registerRealtimeGateway(app, {
    authenticate: deps.authenticate,
    pubsub,
    visibleWorkspaces: (caller) => deps.visibleWorkspaces.use()(caller),
  });
  const mailFrom = config.mailFrom ?? platformDefaults.mailFrom;
  const mail = createMailService({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: mailFrom,
    returnPathHost: config.mailReturnPathHost,
    log: () => app.log,
  });
  const deliveryReports = moduleLink<ReportReceived>('email → platform: delivery reports received');

  const runsWorkers = config.role === 'worker' || config.role === 'all';
  if (runsWorkers) app.addHook('onReady', () => jobs.startWorkers());
  const { bounceSmtpPort } = config;
  if (runsWorkers && bounceSmtpPort !== undefined) {
    const bounces = await startBounceListener({
      port: bounceSmtpPort,
      log: app.log,
      onReport: (token, report) => deliveryReports.use()(token, report),
    });
    app.addHook('onClose', () => bounces.close());
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pubsub.close();
    await storage.close();
    mail.close();
  });
  return { database, dataDir, storage, jobs, realtime, pubsub, mail, mailFrom, deliveryReports };
}
