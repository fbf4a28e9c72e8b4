import type { RootOperationNode } from 'kysely';
import { openDatabase } from '../src/platform/db/database.ts';
import type { StudioConfig } from '../src/studio.ts';
import { PGLITE_TEMPLATE_ENV, studioOver, type TestStudio } from './harness.ts';

/**
 * A statement as its kind and the tables it names, e.g. 'select organizations': tables of the
 * query builder and those of raw SQL inside it (read models), in the order they appear.
 */
const described = (node: RootOperationNode): string => {
  const tables = JSON.stringify(node).matchAll(
    /"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"(\w+)"|\b(?:from|join)\s+([a-z_]+)/g,
  );
  const kind =
    node.kind === 'RawNode'
      ? (/^\s*(\w+)/.exec(node.sqlFragments[0] ?? '')?.[1] ?? 'raw').toLowerCase()
      : node.kind.replace('QueryNode', '').toLowerCase();
  return `${kind} ${[...new Set([...tables].map((match) => match[1] ?? match[2]))].join(',')}`;
};

/** The rate limiter sweeps its stale counters on 2 % of calls, by chance: housekeeping, not a call's cost. */
const byChance = new Set(['delete rate_limit_counters']);

export interface CountingStudio extends TestStudio {
  /** The statements (as 'select table,table') the database runs while `task` runs. */
  statementsOf(task: () => Promise<unknown>): Promise<string[]>;
}

/**
 * A studio on an embedded database that counts the statements it runs through Kysely, so a test
 * can pin how many queries a request costs (issues 11 and 12: a regression fails the test); the
 * statements a call runs only by chance are not counted.
 */
export async function createCountingStudio(config: Partial<StudioConfig> = {}): Promise<CountingStudio> {
  const statements: string[] = [];
  let counting = false;
  // Counted as run (Kysely's log): a subquery is part of its statement, not one of its own.
  const database = await openDatabase({
    dataDir: 'memory://',
    template: process.env[PGLITE_TEMPLATE_ENV],
    log: (event) => {
      // Transaction control (begin, commit, savepoints) is not a query of its own.
      const control = /^(begin|commit|rollback|savepoint|release)\b/i.test(event.query.sql);
      const statement = counting && !control ? described(event.query.query) : undefined;
      if (statement && !byChance.has(statement)) statements.push(statement);
    },
  });
  return {
    ...(await studioOver(database, config)),
    async statementsOf(task) {
      statements.length = 0;
      counting = true;
      try {
        await task();
      } finally {
        counting = false;
      }
      return [...statements];
    },
  };
}
