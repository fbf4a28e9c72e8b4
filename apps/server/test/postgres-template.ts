import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/platform/db/database.ts';
import { asAdmin, installJobQueue, POSTGRES_TEMPLATE_ENV, untilClosed } from './harness.ts';

/**
 * Vitest global setup of the server suite on PostgreSQL: one migrated database, with the job queue
 * installed, that every test file's database is created from (`create database … template …`, a
 * file copy on the server) instead of running every migration and installing the queue per file.
 * The test files still run the migrator on their copy (named after the template), so they test the
 * same migrations a fresh database would; a failed install of the queue fails the run here.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `studio_template_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Opening the database migrates it; closing it leaves no connection, which a template needs.
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    await installJobQueue(database);
  } finally {
    await database.close();
  }
  await asAdmin(serverUrl, (admin) => untilClosed(admin, name));
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    // The files' copies still there (a file does not wait for its copy's drop), then the template.
    await asAdmin(serverUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [`${name}_`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
    });
  };
}
