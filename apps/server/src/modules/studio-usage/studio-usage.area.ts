import {
  DEFAULT_STUDIO_USAGE_RETENTION_DAYS,
  isAnonymousUsageEvent,
  studioUsageBatchSchema,
  studioUsageMessages,
} from '@studio/domain';
import { z } from 'zod';
import type { Studio } from '../../studio-area.ts';
import { HttpError, notAuthenticated } from '../../platform/http/errors.ts';
import { createRateLimiter, TooManyRequestsError } from '../../platform/http/rate-limit.ts';
import { publicRoutesOf } from '../../platform/http/route-kit.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import { createStudioUsageRepository } from './studio-usage.repository.ts';

/** Reports of a failed sign-in one client address may send a minute (nobody is signed in to charge). */
const ANONYMOUS_REPORTS_PER_MINUTE = 30;
/** How often what is past the retention is looked for (pg-boss's schedule allows up to 12 hours). */
const RETENTION_SWEEP_SECONDS = 6 * 60 * 60;

/** Every few hours, what is older than the retention goes. */
export const studioUsageRetentionJob = defineJob({
  name: 'studio-usage.retention',
  payload: z.object({}),
  retryLimit: 1,
});

/**
 * The studio's own usage analytics (002 §7.11 track events): `POST /api/core/track/` stores the
 * page's clicks, sign-ins and sign-outs for the operator (`npm run admin -- usage`), kept
 * STUDIO_USAGE_RETENTION_DAYS days (0: nothing is kept). A failed sign-in may be told with nobody
 * signed in, rate-limited per client address; anything else needs the person signed in (an API
 * token is refused).
 */
export function studioUsageArea(studio: Studio): void {
  const usage = createStudioUsageRepository(studio.database.db);
  const days = studio.config.studioUsageRetentionDays ?? DEFAULT_STUDIO_USAGE_RETENTION_DAYS;
  const limiter = createRateLimiter(studio.database.db, { windowSeconds: 60 });
  publicRoutesOf(studio.app, ['analytics']).post(
    '/api/core/track/',
    { body: studioUsageBatchSchema, status: 204 },
    async ({ body }, request) => {
      const caller = request.caller;
      // A token's calls would be counted as its creator's clicks.
      if (caller?.apiTokenId) throw new HttpError(403, 'FORBIDDEN', studioUsageMessages.notFromApiTokens);
      if (!caller) {
        if (!body.events.every(isAnonymousUsageEvent)) throw notAuthenticated();
        const verdict = await limiter.consume([
          { key: `usage:ip:${request.ip}`, limit: ANONYMOUS_REPORTS_PER_MINUTE },
        ]);
        if (!verdict.allowed) throw new TooManyRequestsError(verdict.retryAfterSeconds);
      }
      if (days === 0) return;
      await usage.record(body, {
        userId: caller?.userId ?? null,
        organizationId: caller?.organizationId ?? null,
      });
    },
  );
  const { jobs } = studio.platform;
  jobs.register(studioUsageRetentionJob, async () => {
    await usage.forgetOlderThan(days);
  });
  jobs.every(studioUsageRetentionJob, {}, RETENTION_SWEEP_SECONDS);
}
