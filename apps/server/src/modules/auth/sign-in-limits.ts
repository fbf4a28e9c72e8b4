import type { FastifyReply, FastifyRequest } from 'fastify';
import { enforceRateLimit, type RateLimiter, type RateLimitRule } from '../../platform/http/rate-limit.ts';

/** The sign-in endpoints that are counted, each with its own counters. */
export type SignInScope =
  | 'login'
  | 'signup'
  | 'confirm_signup'
  | 'confirm_signup_resend'
  | 'forgot_password'
  | 'forgot_password_confirm'
  | 'magic_link'
  | 'magic_link_verify'
  | 'password'
  | 'sso_metadata'
  | 'sso_authorize'
  | 'sso_token';

export interface SignInLimitSettings {
  /** Hits per window for one target (an email address, or the signed-in user). */
  perEmail: number;
  /** Hits per window from one client address. */
  perIp: number;
}

/**
 * Abuse resistance of the sign-in endpoints: counted by client address and by target email in the
 * database's shared counters; over a limit the answer is 429 with Retry-After.
 */
export function createSignInLimits(limiter: RateLimiter, settings: SignInLimitSettings) {
  return {
    async enforce(
      request: FastifyRequest,
      reply: FastifyReply,
      scope: SignInScope,
      target?: string,
    ): Promise<void> {
      const rules: RateLimitRule[] = [{ key: `${scope}:ip:${request.ip}`, limit: settings.perIp }];
      if (target) rules.push({ key: `${scope}:target:${target.toLowerCase()}`, limit: settings.perEmail });
      await enforceRateLimit(limiter, reply, rules);
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
