import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { serverMessages } from '@studio/domain';
import type { Executor } from '../db/executor.ts';
import { HttpError } from './errors.ts';

/** Sliding-window counters (migrations 0002, 0041): one row per key, shared by every API node. */
export interface RateLimitCounterTable {
  key: string;
  window_start: Date;
  hits: number;
  /** The hits of the window before `window_start`. */
  previous_hits: number;
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

interface CounterRow {
  key: string;
  hits: number;
  previous_hits: number;
  /** Seconds since the current window started. */
  elapsed: number;
}

/**
 * The sliding window's estimate of the hits in the last `window` seconds: the current window's,
 * plus the previous window's weighted by the share of it still inside; over the limit, the
 * seconds until one more hit fits.
 */
function verdictOf(row: CounterRow, limit: number, window: number): RateLimitVerdict {
  const overlap = Math.max(0, 1 - row.elapsed / window);
  if (row.previous_hits * overlap + row.hits <= limit) return { allowed: true };
  const room = limit - 1;
  const wait =
    row.hits > room
      ? window - row.elapsed + window * (1 - room / row.hits)
      : window * (1 - (room - row.hits) / row.previous_hits) - row.elapsed;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}

/**
 * Counts hits in a sliding window in the database (one upsert per call, two buckets per key), so
 * every API node shares the same counts and a burst across a window's end is still refused at the
 * limit; the window follows the database's clock, not the node's. A key's window starts at its
 * first hit and rolls on by whole windows; after two idle windows it starts afresh.
 */
export function createRateLimiter(db: Executor, options: { windowSeconds: number }) {
  const window = options.windowSeconds;
  const span = sql`make_interval(secs => ${window}::int)`;

  async function sweepStaleRows(): Promise<void> {
    await sql`delete from rate_limit_counters where window_start < now() - make_interval(secs => ${window * 2}::int)`.execute(
      db,
    );
  }

  /** Adds each key's hits to its counter (one statement), answering the counters after. */
  async function charged(hits: ReadonlyMap<string, number>): Promise<Map<string, CounterRow>> {
    const values = sql.join([...hits].map(([key, count]) => sql`(${key}, now(), ${count}::int, 0)`));
    const { rows } = await sql<CounterRow>`
      insert into rate_limit_counters as counter (key, window_start, hits, previous_hits) values ${values}
      on conflict (key) do update set
        previous_hits = case
          when now() >= counter.window_start + 2 * ${span} then 0
          when now() >= counter.window_start + ${span} then counter.hits
          else counter.previous_hits end,
        hits = case when now() >= counter.window_start + ${span} then excluded.hits else counter.hits + excluded.hits end,
        window_start = case
          when now() >= counter.window_start + 2 * ${span} then now()
          when now() >= counter.window_start + ${span} then counter.window_start + ${span}
          else counter.window_start end
      returning key, hits, previous_hits, extract(epoch from (now() - window_start))::float8 as elapsed
    `.execute(db);
    if (Math.random() < staleRowsSweepChance) await sweepStaleRows();
    const counted = (row: CounterRow) => ({
      key: row.key,
      hits: Number(row.hits),
      previous_hits: Number(row.previous_hits),
      elapsed: Number(row.elapsed),
    });
    return new Map(rows.map((row) => [row.key, counted(row)]));
  }

  return {
    /** Charges one hit to every rule; refused when any key's window holds more than its limit. */
    async consume(rules: RateLimitRule[]): Promise<RateLimitVerdict> {
      // One row per key (a statement may not upsert the same row twice); the strictest limit wins.
      const limits = new Map<string, number>();
      for (const rule of rules) {
        const key = digest(rule.key);
        limits.set(key, Math.min(rule.limit, limits.get(key) ?? Infinity));
      }
      if (limits.size === 0) return { allowed: true };
      const rows = await charged(new Map([...limits.keys()].map((key) => [key, 1])));
      const waits = [...rows.values()].flatMap((row) => {
        const verdict = verdictOf(row, limits.get(row.key) ?? Infinity, window);
        return verdict.allowed ? [] : [verdict.retryAfterSeconds];
      });
      return waits.length === 0
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: Math.max(...waits) };
    },

    /**
     * One hit per rule, a key perhaps more than once, in one statement: each hit's verdict as if
     * charged one after the other in that order (a burst of chat posts, `writeBatches`).
     */
    async consumeEach(rules: readonly RateLimitRule[]): Promise<RateLimitVerdict[]> {
      const keys = rules.map((rule) => digest(rule.key));
      const hits = new Map<string, number>();
      for (const key of keys) hits.set(key, (hits.get(key) ?? 0) + 1);
      if (hits.size === 0) return [];
      const rows = await charged(hits);
      const seen = new Map<string, number>();
      return rules.map((rule, index) => {
        const key = keys[index]!;
        const row = rows.get(key)!;
        const nth = (seen.get(key) ?? 0) + 1;
        seen.set(key, nth);
        // This hit's count: the key's hits before the statement's, then the statement's up to it.
        return verdictOf({ ...row, hits: row.hits - hits.get(key)! + nth }, rule.limit, window);
      });
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
