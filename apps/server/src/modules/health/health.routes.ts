import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { publicRoutesOf } from '../../platform/http/route-kit.ts';
import type { HttpServer } from '../../platform/http/server.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** How old the last database answer may be for a health check to reuse it. */
const PROBE_MAX_AGE_MS = 1000;

/**
 * A health check proves that the process answers HTTP and that its database answered a query in
 * the last second: checks share one `select 1` per second (a failed probe fails the checks of its
 * second), so a load balancer polling hard does not load the database.
 */
export function registerHealthRoutes(app: HttpServer, database: DatabaseHandle): void {
  let probe: { at: number; answered: Promise<unknown> } | undefined;
  const databaseAnswers = () => {
    const now = performance.now();
    if (!probe || now - probe.at >= PROBE_MAX_AGE_MS)
      probe = { at: now, answered: sql`select 1`.execute(database.db) };
    return probe.answered;
  };
  publicRoutesOf(app, ['health']).get('/api/health', { answer: healthSchema }, async () => {
    await databaseAnswers();
    return { status: 'ok' as const, database: database.kind };
  });
}
