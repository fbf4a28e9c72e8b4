import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { migrateToLatest } from '../src/platform/db/migrator.ts';
import { PGliteDialect } from '../src/platform/db/pglite-dialect.ts';

/** Where the server suite's test files find the template (set for the workers by the setup below). */
export const PGLITE_TEMPLATE_ENV = 'STUDIO_PGLITE_TEMPLATE';

/**
 * Vitest global setup of the server suite on the embedded database: one migrated cluster, dumped
 * to a file, that every test file's in-memory database starts from (openDatabase's `template`).
 * A fresh PGlite spends most of its start on initdb; loading a dump skips it. The test files still
 * run the migrator on it, so they test the same migrations as a fresh database would.
 */
export default async function setup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-pglite-template-'));
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    const file = path.join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
  } finally {
    await db.destroy();
  }
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
