import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/database.ts';
import { installJobQueue, POSTGRES_TEMPLATE_ENV } from './harness.ts';

const adminQuery = async (serverUrl: string, sql: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

/** The pool's end() resolves before its connections have gone; a template must have none. */
async function untilClosed(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let wait = 0; wait < 250; wait += 1) {
      const { rows } = await admin.query<{ open: number }>(
        'select count(*)::int as open from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.open === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
}

/**
 * Vitest global setup of the server suite on PostgreSQL: one migrated database, with the job queue
 * installed, that every test file's database is created from (`create database … template …`, a
 * file copy on the server) instead of running every migration and installing the queue per file.
 * The test files still run the migrator on their copy, so they test the same migrations a fresh
 * database would; a failed install of the queue fails the run here.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `studio_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Opening the database migrates it; closing it leaves no connection, which a template needs.
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    await installJobQueue(database);
  } finally {
    await database.close();
  }
  await untilClosed(serverUrl, name);
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
}
