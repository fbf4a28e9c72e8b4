import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_STUDIO_USAGE_RETENTION_DAYS } from '@studio/domain';

/** Every environment variable the server reads, parsed and validated in one place. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  EVENTS_PUBLIC_URL: z.string().url().optional(),
  EVENTS_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  EVENTS_HOST: z.string().min(1).optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587 or smtps://…')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Event Studio <no-reply@localhost>'),
  /** The worker role receives bounces and complaints by SMTP on this port (unset: no listener). */
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The host that receives bounces: organisations' return-path CNAMEs point here; default PUBLIC_URL's host name. */
  MAIL_RETURN_PATH_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'MAIL_RETURN_PATH_HOST must be a host name like bounces.example.com')
    .optional(),
  /** SMTP connections the mail service keeps open: messages of a send to many leave this many at once. */
  MAIL_POOL_CONNECTIONS: z.coerce.number().int().min(1).max(100).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  STUDIO_USAGE_RETENTION_DAYS: z.coerce.number().int().min(0).default(DEFAULT_STUDIO_USAGE_RETENTION_DAYS),
  // Media storage: local disk under DATA_DIR/media unless S3_BUCKET names a bucket.
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  // The ffmpeg and ffprobe binaries; unset: found on the system PATH.
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  VIDEO_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(5_242_880_000),
  UPLOAD_EXPIRATION_HOURS: z.coerce.number().min(1).default(24),
  HLS_GUARD_CODE_TTL_SECONDS: z.coerce.number().int().min(60).default(43_200),
  FILE_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(52_428_800),
  FILE_SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  // Where the CRM connectors call Salesforce (its OAuth login) and HubSpot; the vendors' own by default.
  SALESFORCE_LOGIN_URL: z.url().default('https://login.salesforce.com'),
  HUBSPOT_API_BASE_URL: z.url().default('https://api.hubapi.com'),
  // Marketo's REST endpoint when a connection names none (each instance has its own), Pardot's API
  // (https://pi.demo.pardot.com for sandboxes; its token comes from SALESFORCE_LOGIN_URL), Eloqua's
  // login discovery, Wistia's Data and Upload APIs.
  MARKETO_BASE_URL: z.url().optional(),
  PARDOT_BASE_URL: z.url().default('https://pi.pardot.com'),
  ELOQUA_LOGIN_URL: z.url().default('https://login.eloqua.com'),
  WISTIA_BASE_URL: z.url().default('https://api.wistia.com'),
  WISTIA_UPLOAD_URL: z.url().default('https://upload.wistia.com'),
  // Hosts that webhooks and connectors may reach although they are private (an operator's own network).
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Slack's Web API and the studio's own Slack app (OAuth); without the app, organisations paste a bot token.
  SLACK_API_BASE_URL: z.url().default('https://slack.com/api'),
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  // Custom domains are verified against these DNS servers; unset: the system's resolvers.
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  /** RTMPS listens only with a certificate: RTMPS_PORT, RTMPS_CERT and RTMPS_KEY (PEM files) together. */
  RTMPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  RTMPS_CERT: z.string().optional(),
  RTMPS_KEY: z.string().optional(),
  /** The host encoders reach the RTMP port at; default PUBLIC_URL's host name. */
  RTMP_HOST: z.string().optional(),
  DNS_SERVERS: z
    .string()
    .transform((value) => value.split(',').map((server) => server.trim()))
    .refine(
      (servers) => servers.every(isDnsServer),
      'DNS_SERVERS must list IP addresses, each optionally with a port: 1.1.1.1,127.0.0.1:5353,[::1]:53',
    )
    .optional(),
});

/** `ip`, `ipv4:port` or `[ipv6]:port`, as node:dns `setServers` takes them. */
function isDnsServer(server: string): boolean {
  const bracketed = /^\[(.+)\](?::(\d{1,5}))?$/.exec(server);
  const withPort = /^([^:]+):(\d{1,5})$/.exec(server);
  const [host, port] = bracketed
    ? [bracketed[1], bracketed[2]]
    : withPort
      ? [withPort[1], withPort[2]]
      : [server, undefined];
  return isIP(host ?? '') !== 0 && (port === undefined || Number(port) <= 65535);
}

export type Role = 'api' | 'worker' | 'ingest' | 'all';

/** RTMP ingest (issue 19): where encoders publish, and RTMPS when a certificate is configured. */
export interface RtmpConfig {
  port: number;
  /** The host name in the inputs' stream URLs. */
  publicHost: string;
  tls: { port: number; certFile: string; keyFile: string } | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * The address people reach the attendee site at (magic links, registration and event pages),
   * also allowed to play media; unset: the attendee site on this machine (attendeeBaseUrl).
   */
  eventsPublicUrl: string | undefined;
  /** Where the attendee site listens (roles api and all): its own origin, beside the studio's. */
  eventsPort: number;
  eventsHost: string;
  secretKey: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  webDistDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** Whether every answer is checked against its response schema: in tests, not in production. */
  checkAnswers: boolean;
  role: Role;
  /** SMTP delivery; without it messages stay in the mail_outbox table and are printed to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sign-in endpoints: hits per window for one email and for one client address. */
  authRateLimit: { perEmail: number; perIp: number; windowSeconds: number };
  /** The automation API: requests per minute one API token may make (API_TOKEN_RATE_LIMIT_PER_MINUTE). */
  apiTokenRateLimitPerMinute: number;
  /** Days the studio's own usage analytics are kept (STUDIO_USAGE_RETENTION_DAYS); 0 keeps none. */
  studioUsageRetentionDays: number;
  /** S3-compatible media storage; undefined: local disk under DATA_DIR/media. */
  s3: S3Settings | undefined;
  media: MediaConfig;
  files: FilesConfig;
  /** The connectors' vendors: SALESFORCE_LOGIN_URL, HUBSPOT_API_BASE_URL, MARKETO_BASE_URL, PARDOT_BASE_URL, ELOQUA_LOGIN_URL, WISTIA_BASE_URL, WISTIA_UPLOAD_URL. */
  crm: CrmConfig;
  /** Where organisations' return-path CNAMEs point (MAIL_RETURN_PATH_HOST); undefined: PUBLIC_URL's host. */
  mailReturnPathHost: string | undefined;
  /** SMTP connections kept open (MAIL_POOL_CONNECTIONS); undefined: the mail service's default. */
  mailPoolConnections: number | undefined;
  /** The return path's SMTP listener (BOUNCE_SMTP_PORT), run by the worker role; undefined: none. */
  bounceSmtpPort: number | undefined;
  /** DNS servers that verify custom domains (DNS_SERVERS); undefined: the system's resolvers. */
  dnsServers: string[] | undefined;
  /** OUTBOUND_ALLOWED_HOSTS: hosts outbound requests may reach on private addresses. */
  outboundAllowedHosts: string[];
  /** Slack's Web API (SLACK_API_BASE_URL) and the studio's Slack app (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET). */
  slack: SlackConfig;
  rtmp: RtmpConfig;
}

/** Slack's Web API and the studio's Slack app; without the app, organisations paste a bot token. */
export interface SlackConfig {
  /** SLACK_API_BASE_URL, default https://slack.com/api (tests: their local Slack). */
  apiBaseUrl: string;
  /** SLACK_CLIENT_ID and SLACK_CLIENT_SECRET, both or neither. */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

export interface CrmConfig {
  salesforceLoginUrl: string;
  hubspotApiBaseUrl: string;
  /** MARKETO_BASE_URL; undefined: each connection gives its instance's REST endpoint. */
  marketoBaseUrl?: string | undefined;
  pardotBaseUrl: string;
  eloquaLoginUrl: string;
  wistiaBaseUrl: string;
  wistiaUploadUrl: string;
}

export interface FilesConfig {
  /** The largest file or image accepted through a signed upload URL (spec 000 §5: 50 MB). */
  maxBytes: number;
  /** How long a signed upload URL stays valid. */
  signedUrlTtlSeconds: number;
}

export interface S3Settings {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

export interface MediaConfig {
  /** ffmpeg/ffprobe processes at once in this process; default: one per core. */
  concurrency: number | undefined;
  /** The largest library video accepted, refused when the upload is created. */
  videoUploadMaxBytes: number;
  /** An unfinished upload is deleted this long after it was created. */
  uploadExpirationHours: number;
  /** How long an HLS guard access code stays valid. */
  hlsGuardCodeTtlSeconds: number;
  /** The ffmpeg and ffprobe binaries; undefined: found on the system PATH. */
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  // An empty variable (DATABASE_URL= in a shell or a compose file) means unset.
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    eventsPublicUrl: values.EVENTS_PUBLIC_URL?.replace(/\/$/, ''),
    eventsPort: values.EVENTS_PORT,
    eventsHost: values.EVENTS_HOST ?? values.HOST,
    secretKey: values.SECRET_KEY,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: values.REFRESH_TOKEN_TTL_DAYS,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    checkAnswers: false,
    role: parseRole(argv),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailReturnPathHost: values.MAIL_RETURN_PATH_HOST,
    mailPoolConnections: values.MAIL_POOL_CONNECTIONS,
    bounceSmtpPort: values.BOUNCE_SMTP_PORT,
    authRateLimit: {
      perEmail: values.AUTH_RATE_LIMIT_PER_MINUTE,
      perIp: values.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE,
      windowSeconds: 60,
    },
    apiTokenRateLimitPerMinute: values.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    studioUsageRetentionDays: values.STUDIO_USAGE_RETENTION_DAYS,
    s3: values.S3_BUCKET
      ? {
          endpoint: values.S3_ENDPOINT,
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          forcePathStyle: values.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    media: {
      concurrency: values.MEDIA_CONCURRENCY,
      videoUploadMaxBytes: values.VIDEO_UPLOAD_MAX_BYTES,
      uploadExpirationHours: values.UPLOAD_EXPIRATION_HOURS,
      hlsGuardCodeTtlSeconds: values.HLS_GUARD_CODE_TTL_SECONDS,
      ffmpegPath: values.FFMPEG_PATH,
      ffprobePath: values.FFPROBE_PATH,
    },
    files: {
      maxBytes: values.FILE_UPLOAD_MAX_BYTES,
      signedUrlTtlSeconds: values.FILE_SIGNED_URL_TTL_SECONDS,
    },
    crm: {
      salesforceLoginUrl: values.SALESFORCE_LOGIN_URL,
      hubspotApiBaseUrl: values.HUBSPOT_API_BASE_URL,
      marketoBaseUrl: values.MARKETO_BASE_URL,
      pardotBaseUrl: values.PARDOT_BASE_URL,
      eloquaLoginUrl: values.ELOQUA_LOGIN_URL,
      wistiaBaseUrl: values.WISTIA_BASE_URL,
      wistiaUploadUrl: values.WISTIA_UPLOAD_URL,
    },
    dnsServers: values.DNS_SERVERS,
    outboundAllowedHosts: values.OUTBOUND_ALLOWED_HOSTS,
    slack: {
      apiBaseUrl: values.SLACK_API_BASE_URL,
      clientId: values.SLACK_CLIENT_ID,
      clientSecret: values.SLACK_CLIENT_SECRET,
    },
    rtmp: rtmpConfig(values),
  };
}

function rtmpConfig(values: z.infer<typeof envSchema>): RtmpConfig {
  const publicUrl = values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
  const tlsSettings = [values.RTMPS_PORT, values.RTMPS_CERT, values.RTMPS_KEY];
  if (tlsSettings.some((value) => value !== undefined) && tlsSettings.some((value) => value === undefined))
    throw new ConfigError('RTMPS needs RTMPS_PORT, RTMPS_CERT and RTMPS_KEY together');
  return {
    port: values.RTMP_PORT,
    publicHost: values.RTMP_HOST ?? new URL(publicUrl).hostname,
    tls:
      values.RTMPS_PORT !== undefined && values.RTMPS_CERT && values.RTMPS_KEY
        ? { port: values.RTMPS_PORT, certFile: values.RTMPS_CERT, keyFile: values.RTMPS_KEY }
        : undefined,
  };
}

function parseRole(argv: string[]): Role {
  const flag = argv.find((arg) => arg.startsWith('--role'));
  if (!flag) return 'all';
  const value = flag.includes('=') ? flag.split('=')[1] : argv[argv.indexOf(flag) + 1];
  if (value === 'api' || value === 'worker' || value === 'ingest' || value === 'all') return value;
  throw new ConfigError(`--role must be api, worker, ingest or all (got ${String(value)})`);
}
