import os from 'node:os';
import path from 'node:path';
import type { Config, Role, S3Settings } from '../config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Authenticator, Caller, SessionClaimsReader } from './http/caller.ts';
import { createHttpServer, type HttpServer, type HttpServerOptions } from './http/server.ts';
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
  Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailReturnPathHost' | 'mailPoolConnections' | 'bounceSmtpPort'>
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
  /**
   * The HTTP server's and the gateway's extension points, asked at request time and filled once at
   * build by the area that knows: who a bearer token is and its session's claims (API tokens), the
   * verified custom domains allowed to read media (domains), the workspaces a socket's caller may
   * hear of (video library).
   */
  authenticate: ModuleLink<Authenticator>;
  sessionClaims: ModuleLink<SessionClaimsReader>;
  verifiedDomainOrigin: ModuleLink<(origin: string) => Promise<boolean>>;
  visibleWorkspaces: ModuleLink<VisibleWorkspaces>;
}

/** The HTTP server's settings the platform does not fill itself. */
export type PlatformHttpOptions = Omit<HttpServerOptions, 'authenticate' | 'sessionClaims' | 'isMediaOrigin'>;

/**
 * The HTTP server, and on it storage (local disk or S3), the durable job queue, the websocket
 * gateway and its pub/sub, and mail; they close with it. Workers start with the server when the
 * role runs them.
 */
export async function createPlatform(deps: {
  database: DatabaseHandle;
  config: PlatformConfig;
  http: PlatformHttpOptions;
}): Promise<{ app: HttpServer; platform: Platform }> {
  const { database, config } = deps;
  const authenticate = moduleLink<Authenticator>('API tokens → HTTP server: authenticate');
  const sessionClaims = moduleLink<SessionClaimsReader>('API tokens → HTTP server: access token claims');
  const verifiedDomainOrigin = moduleLink<(origin: string) => Promise<boolean>>(
    'domains → HTTP server: media readable by verified custom domains',
  );
  const visibleWorkspaces = moduleLink<VisibleWorkspaces>('video library → gateway: visible workspaces');
  const authenticateToken: Authenticator = (token) => authenticate.use()(token);
  const app = await createHttpServer({
    ...deps.http,
    authenticate: authenticateToken,
    sessionClaims: (token) => sessionClaims.use()(token),
    isMediaOrigin: (origin) => verifiedDomainOrigin.use()(origin),
  });
  const dataDir = config.dataDir ?? path.join(os.tmpdir(), 'event-studio-data');
  const storage = createObjectStore({ dataDir, s3: config.s3 });
  const pubsub = createPubSub(database, app.log);
  const jobs = createJobQueue({ database, log: app.log, wakeups: jobWakeups(pubsub), ...config.jobs });
  const realtime = await registerRealtimeGateway(app, {
    authenticate: authenticateToken,
    pubsub,
    visibleWorkspaces: (caller) => visibleWorkspaces.use()(caller),
  });
  const mailFrom = config.mailFrom ?? platformDefaults.mailFrom;
  const mail = createMailService({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: mailFrom,
    returnPathHost: config.mailReturnPathHost,
    poolConnections: config.mailPoolConnections,
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
  const platform: Platform = {
    database,
    dataDir,
    storage,
    jobs,
    realtime,
    pubsub,
    mail,
    mailFrom,
    deliveryReports,
    authenticate,
    sessionClaims,
    verifiedDomainOrigin,
    visibleWorkspaces,
  };
  return { app, platform };
}
