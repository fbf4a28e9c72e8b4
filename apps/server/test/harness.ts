import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { LoginResponse, Organization } from '@studio/domain';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database.ts';
import type { HttpServer } from '../src/platform/http/server.ts';
import type { AttendeeSite } from '../src/modules/attendee-site/attendee-site.ts';
import type { OperatorFlags } from '../src/modules/organizations/operator-flags.ts';
import { buildStudioServers, type StudioConfig } from '../src/studio.ts';

export interface TestStudio {
  app: HttpServer;
  /** The attendee origin built beside the studio (inject into it; it closes with `app`). */
  attendeeSite: AttendeeSite;
  /** The operator's flags through the studio (its kept copies forgotten at once). */
  operatorFlags: OperatorFlags;
  database: DatabaseHandle;
  /** The database's address on the PostgreSQL server (another process may open it); none on PGlite. */
  databaseUrl?: string | undefined;
  /** The token signing key the studio was built with (for services a test builds beside it). */
  secretKey: string;
  close(): Promise<void>;
}

/** Where the server suite's files find their database's template (set for the workers by pglite-template.ts). */
export const PGLITE_TEMPLATE_ENV = 'STUDIO_PGLITE_TEMPLATE';
/** The database the PostgreSQL suite's files copy (set for the workers by postgres-template.ts). */
export const POSTGRES_TEMPLATE_ENV = 'STUDIO_POSTGRES_TEMPLATE';

export const testConfig: StudioConfig = {
  accessTokenTtlSeconds: 900,
  refreshTokenTtlDays: 30,
  logLevel: 'silent',
  trustProxy: false,
  webDistDir: path.join(os.tmpdir(), 'event-studio-no-web-build'),
  // Sign-in and API token limits high enough for suites that call many times; rate-limit tests set low ones.
  authRateLimit: { perEmail: 1000, perIp: 10_000, windowSeconds: 60 },
  apiTokenRateLimitPerMinute: 100_000,
};

/**
 * A studio on a fresh database: in-memory PGlite, or — in the 'server:postgres' test project — a
 * new database created on the TEST_DATABASE_URL server and dropped afterwards.
 */
export async function createTestStudio(config: Partial<StudioConfig> = {}): Promise<TestStudio> {
  const fresh = await freshDatabase();
  return { ...(await studioOver(fresh.database, config, () => fresh.drop())), databaseUrl: fresh.url };
}

/**
 * The studio's servers built over `database`, ready, with a new signing key; closing them closes
 * the database, then runs `afterClose` (dropping or removing what held it).
 */
export async function studioOver(
  database: DatabaseHandle,
  config: Partial<StudioConfig> = {},
  afterClose: () => Promise<void> = async () => {},
): Promise<TestStudio> {
  const secretKey = randomBytes(32).toString('hex');
  const {
    studio: app,
    attendeeSite,
    operatorFlags,
  } = await buildStudioServers({ ...testConfig, ...config }, database, secretKey);
  await app.ready();
  return {
    app,
    attendeeSite,
    operatorFlags,
    database,
    secretKey,
    async close() {
      await app.close();
      await database.close();
      await afterClose();
    },
  };
}

/**
 * Installs the job queue in a suite's template database as a studio's first start of role `all`
 * does (pg-boss's schema, one queue per job kind: about a second on PostgreSQL), then empties what
 * starting the workers left (the sweeps' first jobs, the worker's row): each file's copy starts
 * with the queue in place and no job in it.
 */
export async function installJobQueue(database: DatabaseHandle): Promise<void> {
  const { studio } = await buildStudioServers(
    { ...testConfig, role: 'all' },
    database,
    randomBytes(32).toString('hex'),
  );
  await studio.ready();
  await studio.close();
  await sql`truncate pgboss.job, pgboss.archive, job_leases, job_workers`.execute(database.db);
}

async function freshDatabase(): Promise<{
  database: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = testDatabaseKind() === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    return {
      database: await openDatabase({ dataDir: 'memory://', template: process.env[PGLITE_TEMPLATE_ENV] }),
      drop: async () => {},
    };
  }
  // A copy of the suite's migrated template when its global setup made one (postgres-template.ts),
  // named after it: the setup's teardown drops the copies still there.
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const name = `${template ?? 'studio_test'}_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' }),
    url: url.toString(),
    async drop() {
      const dropping = dropDatabase(serverUrl, name);
      // A suite run's file does not wait for its copy to go: a copy left by a failed or unfinished
      // drop goes with the template.
      if (template) dropping.catch(() => {});
      else await dropping;
    },
  };
}

/** Waits (up to 5 s) until the database `name` has no connection: a pool's end() resolves before they close. */
export async function untilClosed(admin: pg.Client, name: string) {
  for (let wait = 0; wait < 250; wait += 1) {
    const { rows } = await admin.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Drops the database `name` once its connections have gone: forcing the drop while they close
 * sends them a FATAL error nobody listens to any more.
 */
function dropDatabase(serverUrl: string, name: string) {
  return asAdmin(serverUrl, async (admin) => {
    await untilClosed(admin, name);
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}

/** Runs `use` with a connection of its own to the server's maintenance database. */
export async function asAdmin(serverUrl: string, use: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await use(admin);
  } finally {
    await admin.end();
  }
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.STUDIO_TEST_DATABASE === 'postgres' && process.env.TEST_DATABASE_URL
    ? 'postgres'
    : 'pglite';
}

export async function tempDir(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

let counter = 0;
export const strongPassword = 'Str0ng@Pass';

export function newUserDetails(
  overrides: Partial<{ email: string; password: string; first_name: string; last_name: string }> = {},
) {
  counter += 1;
  return {
    email: `person${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: strongPassword,
    first_name: 'Ada',
    last_name: 'Lovelace',
    ...overrides,
  };
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** Signs up and signs in a new user; no organisation yet. */
export async function newUser(
  app: HttpServer,
  overrides: Parameters<typeof newUserDetails>[0] = {},
): Promise<LoginResponse> {
  const details = newUserDetails(overrides);
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup/', payload: details });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email: details.email, password: details.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return login.json<LoginResponse>();
}

/** A new user who created a new organisation and is its admin. */
export async function newOrganization(app: HttpServer, name = 'Acme Events') {
  const session = await newUser(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/core/organization/',
    headers: bearer(session.access),
    payload: { name },
  });
  if (created.statusCode !== 201) throw new Error(`organization failed: ${created.body}`);
  return { ...session, organization: created.json<Organization>() };
}

/** Runs `check` until it passes (every 50 ms, about `timeoutMs` at most), then answers; its last failure otherwise. */
export async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await check();
    } catch (error) {
      if (tries > timeoutMs / 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
