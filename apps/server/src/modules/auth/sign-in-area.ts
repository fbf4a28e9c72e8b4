import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { createRateLimiter } from '../../platform/http/rate-limit.ts';
import type { MailService } from '../../platform/mail/mail.ts';
import type { UsersService } from '../users/users.service.ts';
import { createAfterAnswer } from './after-answer.ts';
import type { AuthService } from './auth.service.ts';
import { createOneTimeCodesRepository } from './one-time-codes.repository.ts';
import { createCodeHasher } from './one-time-codes.ts';
import { createSignInFlowsService, type OpenContentSpace } from './sign-in-flows.service.ts';
import { createSignInLimits } from './sign-in-limits.ts';

export type SignInConfig = Partial<Pick<Config, 'authRateLimit'>>;

export const signInDefaults = {
  authRateLimit: { perEmail: 10, perIp: 30, windowSeconds: 60 },
} as const;

/**
 * The sign-in area beside the sessions: email flows (codes, magic links, invitations) and the
 * shared rate limits, on the platform's mail. SSO sits above it (it opens sessions through auth) and
 * tells it whom it signs in.
 */
export function createSignIn(deps: {
  db: Executor;
  config: SignInConfig;
  publicUrl: string;
  secretKey: string;
  users: UsersService;
  auth: AuthService;
  /** The email module's send (studio.ts), or the platform's mail service. */
  mail: Pick<MailService, 'send'>;
  log: () => FastifyBaseLogger;
  /** SSO: whether the organisation signs this email in by SSO only (no code, no password). */
  onlySsoFor: (organizationId: string, email: string) => Promise<boolean>;
  openContentSpace: OpenContentSpace;
}) {
  const { db, publicUrl, secretKey, users, auth, mail, onlySsoFor, openContentSpace } = deps;
  const rateLimit = deps.config.authRateLimit ?? signInDefaults.authRateLimit;
  const afterAnswer = createAfterAnswer(deps.log);
  const flows = createSignInFlowsService({
    db,
    users,
    auth,
    codes: createOneTimeCodesRepository(db),
    hasher: createCodeHasher(secretKey),
    mail,
    afterAnswer,
    publicUrl,
    onlySsoFor,
    openContentSpace,
  });
  const limits = createSignInLimits(
    createRateLimiter(db, { windowSeconds: rateLimit.windowSeconds }),
    rateLimit,
  );

  return {
    flows,
    limits,
    /** Waits for the mail still being sent after an answer (the platform closes the mail after). */
    settle: () => afterAnswer.settle(),
  };
}

export type SignInArea = ReturnType<typeof createSignIn>;
