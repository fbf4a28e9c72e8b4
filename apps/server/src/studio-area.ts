import type { Config, CrmConfig, MediaConfig, RtmpConfig, SlackConfig } from './config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import type { HttpServer, HttpServerOptions } from './platform/http/server.ts';
import type { MailMessage, MailService } from './platform/mail/mail.ts';
import { moduleLink, type ModuleLink } from './platform/module-links.ts';
import { createPlatform, type Platform, type PlatformConfig } from './platform/platform.ts';
import { sharedReads } from './platform/single-flight.ts';
import { eventAppMediaOrigins } from './modules/attendee-site/event-app/event-app.ts';
import type { SignInConfig } from './modules/auth/sign-in-area.ts';
import type { EmailComposer } from './modules/email/email-composer.ts';
import type { Activities } from './platform/activities.ts';

/** RTMP ingest settings; without them (tests) no listener starts and stream URLs name port 1935. */
export type StudioRtmpConfig = RtmpConfig & { host?: string };

export type StudioConfig = Pick<
  Config,
  'accessTokenTtlSeconds' | 'refreshTokenTtlDays' | 'logLevel' | 'trustProxy' | 'webDistDir'
> &
  // Answers checked against their schemas (tests); `npm start` sends them as built.
  Partial<Pick<Config, 'checkAnswers'>> &
  // Absolute next/previous links of pages; defaults to the configuration's own default.
  Partial<
    Pick<
      Config,
      | 'publicUrl'
      | 'eventsPublicUrl'
      | 'eventsPort'
      | 'files'
      | 'dnsServers'
      | 'outboundAllowedHosts'
      | 'apiTokenRateLimitPerMinute'
      | 'studioUsageRetentionDays'
    >
  > &
  // Storage, mail, jobs (run when the role is worker or all), websocket.
  PlatformConfig &
  SignInConfig & {
    media?: Partial<MediaConfig>;
    /** Now, as the stage decides what plays (tests pass a fake clock); default the system's. */
    clock?: () => Date;
    rtmp?: StudioRtmpConfig;
    /** Tests cut live streams into shorter segments than encoders are advised (2 s). */
    liveSegmentSeconds?: number;
    /** Tests retry failed webhook deliveries sooner than the day-long back-off. */
    webhookRetryDelaysSeconds?: readonly number[];
    /** Slack's Web API and the studio's Slack app (SLACK_API_BASE_URL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET). */
    slack?: Partial<SlackConfig>;
    /** Tests retry Slack messages sooner than after a 5xx's back-off. */
    slackRetryDelaysSeconds?: readonly number[];
    /** The CRM connectors' vendors (tests: their local Salesforce and HubSpot). */
    crm?: Partial<CrmConfig>;
    /** Tests ask a CRM's target fields again sooner than 500 ms later. */
    crmRetryDelayMs?: number;
    /** Tests sweep for Marketo's No Show sooner than every minute. */
    marketoNoShowSweepSeconds?: number;
    /** Tests sweep the SYNC_PARDOT imports sooner than every 15 minutes. */
    pardotImportSweepSeconds?: number;
    /** Told of each route of the studio's server as it is registered (the access matrix). */
    onRoute?: HttpServerOptions['onRoute'];
    /** Told of each route of the attendee site as it is registered (its bad-input matrix). */
    onAttendeeRoute?: HttpServerOptions['onRoute'];
  };

/**
 * What every area of the studio is built on (studio.ts makes it once): the HTTP server its routes
 * go on, the platform, the configuration, and the shared reads of the public pages. An area is a
 * function `<area>Area(studio, ports)` in its own folder (`<area>.area.ts`) that builds its
 * services, registers its routes and jobs, fills the extension points it uses, and returns the
 * ports it offers to the areas after it.
 */
export interface Studio {
  app: HttpServer;
  platform: Platform;
  database: DatabaseHandle;
  config: StudioConfig;
  publicUrl: string;
  secretKey: string;
  clock: () => Date;
  /**
   * Public pages' reads, asked by every visitor outside a transaction: shared by the callers
   * asking at once, and kept on the embedded database until the next write (platform/single-flight.ts).
   */
  publicRead: ReturnType<typeof sharedReads>;
  /** The email module (issue 33), provided by its area: templates rendered and sent. */
  emails: ModuleLink<EmailComposer>;
  /** How areas send mail: through the email module, which gives each message its sender and log. */
  mail: Pick<MailService, 'send'>;
  /** What happened (registrations, check-ins …), for the organisation's webhooks and Slack (issue 36). */
  activities: ModuleLink<Activities>;
}

/**
 * The HTTP server and the platform (database, storage, jobs, gateway, mail), built once, with the
 * studio's own extension points: the email module's composer (areas built before it send mail
 * through it) and the activities the webhooks, Slack and CRM areas (built last) record.
 */
export async function createStudio(
  config: StudioConfig,
  database: DatabaseHandle,
  secretKey: string,
): Promise<Studio> {
  const publicUrl = config.publicUrl ?? 'http://localhost:8080';
  const { app, platform } = await createPlatform({
    database,
    config,
    http: {
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      checkAnswers: config.checkAnswers,
      onRoute: config.onRoute,
      // The attendee origin plays the stage's media in every configuration (its default too).
      mediaOrigins: eventAppMediaOrigins(config, publicUrl),
    },
  });
  registerHealthRoutes(app, database);
  const emails = moduleLink<EmailComposer>('email → senders: templates rendered and sent');
  return {
    app,
    platform,
    database,
    config,
    publicUrl,
    secretKey,
    clock: config.clock ?? (() => new Date()),
    publicRead: sharedReads(database.writes),
    emails,
    mail: { send: (message: MailMessage) => emails.use().send(message) },
    activities: moduleLink<Activities>('webhooks, Slack and CRM → areas: activities for them'),
  };
}
