import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/platform/db/database.ts';
import { installJobQueue, PGLITE_TEMPLATE_ENV } from './harness.ts';

/**
 * Vitest global setup of the server suite on the embedded database: one migrated cluster with the
 * job queue installed, dumped to a file, that every test file's in-memory database starts from
 * (openDatabase's `template`). A fresh PGlite spends most of its start on initdb; loading a dump
 * skips it. The test files still run the migrator on it, so they test the same migrations as a
 * fresh database would.
 */
export default async function setup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-pglite-template-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await installJobQueue(database);
    const dump = await database.exclusive!((client) => client.dumpDataDir('none'));
    const file = path.join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
  } finally {
    await database.close();
  }
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
