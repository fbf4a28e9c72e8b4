import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrator.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparedStatementName } from './prepared.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PostgreSQL only: the connection URL, for clients that need their own connection (LISTEN). */
  connectionString?: string;
  /**
   * PGlite only: runs `work` with the single connection held exclusively, in the same queue as
   * Kysely's queries and transactions (the job queue goes through here).
   */
  exclusive?: <T>(work: (client: PGlite) => Promise<T>) => Promise<T>;
  /**
   * PGlite only: how many statements so far may have written. One process sees every write to the
   * embedded database, so a read kept while this count stands is still the database's answer.
   */
  writes?: () => number;
}

// PostgreSQL bigint (count(*)) arrives as a string from pg; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Opens the database and applies migrations: PostgreSQL when a URL is given, otherwise the
 * embedded PGlite stored under `dataDir/pgdata` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Called after every statement Kysely runs (the tests' statement counter). */
  log?: ((event: LogEvent) => void) | undefined;
  /**
   * PGlite in memory only: a file holding a dump of a data directory (`dumpDataDir`) to start
   * from instead of an empty cluster — the tests' migrated template (apps/server/test/pglite-template.ts).
   */
  template?: string | undefined;
}): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.log)
    : await openPglite(options.dataDir, options.log, options.template);
  try {
    await migrateToLatest(handle.db as Kysely<unknown>);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(connectionString: string, log?: (event: LogEvent) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // The hot statements of preparedQuery run as named statements: PostgreSQL parses and plans them
  // once per connection instead of on every request (for /me that is most of the statement's cost).
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
      return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
    }) as typeof client.query;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log && { log }) });
  return { db, kind: 'postgres', connectionString, close: () => db.destroy() };
}

async function openPglite(
  dataDir: string,
  log?: (event: LogEvent) => void,
  template?: string,
): Promise<DatabaseHandle> {
  let location = dataDir;
  if (dataDir !== 'memory://') {
    location = path.join(dataDir, 'pgdata');
    await mkdir(location, { recursive: true });
  }
  // PostgreSQL's default 128 MB of shared buffers is touched at start inside the process; the
  // files are read through the operating system's page cache anyway.
  const client = await PGlite.create(location, {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers=32MB'],
    ...(template && dataDir === 'memory://' && { loadDataDir: new Blob([await readFile(template)]) }),
  });
  const dialect = new PGliteDialect(client);
  const db = new Kysely<Database>({ dialect, ...(log && { log }) });
  return {
    db,
    kind: 'pglite',
    close: () => db.destroy(),
    exclusive: (work) => dialect.exclusive(work),
    writes: () => dialect.writes(),
  };
}
