import { CompiledQuery } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

type BossDb = PgBoss.Db;

/**
 * pg-boss's door into our database. On PGlite it runs inside the dialect's exclusive lock, so a
 * job query never lands inside another caller's open transaction: `exec` for pg-boss's
 * parameterless multi-statement scripts (its migrations), `query` otherwise. On PostgreSQL it
 * shares Kysely's pool (no parameters → the simple protocol, which allows several statements).
 */
export function bossDatabase(database: DatabaseHandle): BossDb {
  const { exclusive } = database;
  if (exclusive) {
    return {
      executeSql: (text: string, values?: unknown[]) =>
        exclusive(async (client) => {
          if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }),
    };
  }
  return transactionDatabase(database.db);
}

/** Runs pg-boss's statements on a Kysely executor — inside a transaction when given one. */
export function transactionDatabase(executor: Executor): BossDb {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    },
  };
}
