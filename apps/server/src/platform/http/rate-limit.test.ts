import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createRateLimiter, enforceRateLimit } from './rate-limit.ts';
import { createHttpServer } from './server.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const studio = fileStudio();

// An hour: the tests move a window's start themselves.
const windowSeconds = 3600;
let keyCounter = 0;
const uniqueKey = (label: string) => `${label}:${Date.now()}:${(keyCounter += 1)}`;

describe('rate limits in the database', () => {
  it('allows up to the limit in a window, then refuses with the seconds until one more hit fits', async () => {
    const limiter = createRateLimiter(studio.database.db, { windowSeconds });
    const key = uniqueKey('login:ip:203.0.113.5');
    for (let hit = 1; hit <= 3; hit += 1)
      expect(await limiter.consume([{ key, limit: 3 }])).toEqual({ allowed: true });
    const refused = await limiter.consume([{ key, limit: 3 }]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      // The previous window's hits still weigh in the next one: at most two windows.
      expect(refused.retryAfterSeconds).toBeGreaterThan(windowSeconds);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(2 * windowSeconds);
    }
  });

  it('counts keys apart, and refuses when any rule of a call is over its limit', async () => {
    const limiter = createRateLimiter(studio.database.db, { windowSeconds });
    const ip = uniqueKey('ip');
    const email = uniqueKey('email');
    /** One call with two rules: the address's (`emailKey`, limit 1) and the IP's (limit 10). */
    const allowed = async (emailKey: string) =>
      (
        await limiter.consume([
          { key: ip, limit: 10 },
          { key: emailKey, limit: 1 },
        ])
      ).allowed;
    expect(await allowed(email)).toBe(true);
    expect(await allowed(email)).toBe(false);
    expect(await allowed(uniqueKey('other'))).toBe(true);
  });

  it('shares the counts between nodes (two limiters on one database)', async () => {
    const first = createRateLimiter(studio.database.db, { windowSeconds });
    const second = createRateLimiter(studio.database.db, { windowSeconds });
    const key = uniqueKey('shared');
    expect((await first.consume([{ key, limit: 2 }])).allowed).toBe(true);
    expect((await second.consume([{ key, limit: 2 }])).allowed).toBe(true);
    expect((await first.consume([{ key, limit: 2 }])).allowed).toBe(false);
  });

  it('charges a batch of hits in one go, each judged as if charged in turn, keys apart', async () => {
    const limiter = createRateLimiter(studio.database.db, { windowSeconds });
    const [busy, quiet] = [uniqueKey('batch:busy'), uniqueKey('batch:quiet')];
    expect((await limiter.consume([{ key: busy, limit: 3 }])).allowed).toBe(true);
    const verdicts = await limiter.consumeEach([
      { key: busy, limit: 3 },
      { key: quiet, limit: 3 },
      { key: busy, limit: 3 },
      { key: busy, limit: 3 },
    ]);
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);
    // The refused hit counted, as a call's would: the next one is refused too, the other key not.
    expect((await limiter.consumeEach([{ key: busy, limit: 4 }]))[0]?.allowed).toBe(false);
    expect((await limiter.consumeEach([{ key: quiet, limit: 2 }]))[0]?.allowed).toBe(true);
  });

  it('refuses a burst that crosses the end of a window at the limit (a sliding window)', async () => {
    const limiter = createRateLimiter(studio.database.db, { windowSeconds });
    const key = uniqueKey('burst');
    for (let hit = 1; hit <= 3; hit += 1)
      expect((await limiter.consume([{ key, limit: 3 }])).allowed).toBe(true);
    // The three hits came just before their window ended: the next one falls in the next window.
    await sql`update rate_limit_counters set window_start = window_start - make_interval(secs => ${windowSeconds + 1})`.execute(
      studio.database.db,
    );
    const refused = await limiter.consume([{ key, limit: 3 }]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(1);
  });

  it('starts counting afresh once a whole window has passed, and sweeps stale rows', async () => {
    const limiter = createRateLimiter(studio.database.db, { windowSeconds });
    const key = uniqueKey('window');
    await limiter.consume([{ key, limit: 1 }]);
    expect((await limiter.consume([{ key, limit: 1 }])).allowed).toBe(false);
    await sql`update rate_limit_counters set window_start = window_start - make_interval(secs => ${windowSeconds * 2})`.execute(
      studio.database.db,
    );
    expect((await limiter.consume([{ key, limit: 1 }])).allowed).toBe(true);

    await sql`update rate_limit_counters set window_start = window_start - make_interval(secs => ${windowSeconds * 3})`.execute(
      studio.database.db,
    );
    await limiter.sweepStaleRows();
    const left = await studio.database.db.selectFrom('rate_limit_counters').select('key').execute();
    expect(left).toEqual([]);
  });

  it('stores no email address, only digests of the keys', async () => {
    const limiter = createRateLimiter(studio.database.db, { windowSeconds });
    await limiter.consume([{ key: 'login:target:someone@example.com', limit: 5 }]);
    const rows = await studio.database.db.selectFrom('rate_limit_counters').select('key').execute();
    expect(rows.map((row) => row.key).join(' ')).not.toContain('example.com');
  });

  it('answers 429 TOO_MANY_REQUESTS with Retry-After once over the limit', async () => {
    const app = await createHttpServer({
      logLevel: 'silent',
      trustProxy: false,
      authenticate: () => Promise.resolve(null),
    });
    const limiter = createRateLimiter(studio.database.db, { windowSeconds });
    const key = uniqueKey('route');
    app.post('/api/limited/', async (_request, reply) => {
      await enforceRateLimit(limiter, reply, [{ key, limit: 1 }]);
      return { ok: true };
    });
    try {
      expect((await app.inject({ method: 'POST', url: '/api/limited/' })).statusCode).toBe(200);
      const refused = await app.inject({ method: 'POST', url: '/api/limited/' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many requests. Please try again later.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  });
});
