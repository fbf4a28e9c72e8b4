import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/**
 * The journey's database: the embedded one, or — with E2E_DATABASE=postgres and TEST_DATABASE_URL
 * naming a PostgreSQL server — a fresh database there, dropped after the file. Register it before
 * useStudioSession and pass the answer in the studio's env (read when the studio starts).
 */
export function useJourneyDatabase(): () => NodeJS.ProcessEnv {
  const server = process.env.E2E_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!server) return () => ({});
  const name = `studio_e2e_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => run(`create database ${name}`));
  afterAll(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return () => ({ DATABASE_URL: url.toString() });
}
