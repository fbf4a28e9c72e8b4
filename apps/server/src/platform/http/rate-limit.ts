import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { serverMessages } from '@studio/domain';
import type { Executor } from '../db/executor.ts';
import { HttpError } from './errors.ts';

/** Fixed-window counters (migration 0002): one row per key, shared by every API node. */
export interface RateLimitCounterTable {
  key: string;
  window_start: Date;
  hits: number;
}
export interface RateLimitTables {
  rate_limit_counters: RateLimitCounterTable;
}

/** One counter to charge: its key (for example `login:ip:203.0.113.5`) and the hits it allows per window. */
export interface RateLimitRule {
  key: string;
  limit: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS', serverMessages.tooManyRequests);
  }
}

// Keys may hold an email address: only a digest is stored.
const digest = (key: string) => createHash('sha256').update(key).digest('base64url');
const staleRowsSweepChance = 0.02;

/**
 * Counts hits in fixed windows in the database (an upsert per key), so every API node shares the
 * same counts; the window follows the database's clock, not the node's.
 */
export function createRateLimiter(db: Executor, options: { windowSeconds: number }) {
  const window = options.windowSeconds;

  async function sweepStaleRows(): Promise<void> {
    await sql`delete from rate_limit_counters where window_start < now() - make_interval(secs => ${window * 2}::int)`.execute(
      db,
    );
  }

  return {
    /** Charges one hit to every rule; refused when any counter went over its limit. */
    async consume(rules: RateLimitRule[]): Promise<RateLimitVerdict> {
      // One row per key (a statement may not upsert the same row twice); the strictest limit wins.
      const limits = new Map<string, number>();
      for (const rule of rules) {
        const key = digest(rule.key);
        limits.set(key, Math.min(rule.limit, limits.get(key) ?? Infinity));
      }
      if (limits.size === 0) return { allowed: true };
      const values = sql.join(
        [...limits.keys()].map(
          (key) =>
            sql`(${key}, to_timestamp(floor(extract(epoch from now()) / ${window}::int) * ${window}::int), 1)`,
        ),
      );
      const { rows } = await sql<{ key: string; hits: number; retry_after: number }>`
        insert into rate_limit_counters as counter (key, window_start, hits) values ${values}
        on conflict (key) do update set
          hits = case when counter.window_start = excluded.window_start then counter.hits + 1 else 1 end,
          window_start = excluded.window_start
        returning key, hits,
          greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${window}::int) - now()))))::int as retry_after
      `.execute(db);
      if (Math.random() < staleRowsSweepChance) await sweepStaleRows();

      const exceeded = rows.filter((row) => row.hits > (limits.get(row.key) ?? Infinity));
      if (exceeded.length === 0) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(...exceeded.map((row) => Number(row.retry_after))),
      };
    },

    sweepStaleRows,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Charges the rules; over a limit, answers 429 TOO_MANY_REQUESTS with a Retry-After header. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  reply: FastifyReply,
  rules: RateLimitRule[],
): Promise<void> {
  const verdict = await limiter.consume(rules);
  if (verdict.allowed) return;
  reply.header('retry-after', String(verdict.retryAfterSeconds));
  throw new TooManyRequestsError(verdict.retryAfterSeconds);
}
