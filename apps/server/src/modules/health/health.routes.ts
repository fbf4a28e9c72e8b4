import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { HttpServer } from '../../platform/http/server.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export function registerHealthRoutes(app: HttpServer, database: DatabaseHandle): void {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], security: [], response: { 200: healthSchema } } },
    async () => {
      await sql`select 1`.execute(database.db);
      return { status: 'ok' as const, database: database.kind };
    },
  );
}
