import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { createRateLimiter } from '../../platform/http/rate-limit.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { createMailService } from '../../platform/mail/mail.ts';
import { createSecretBox } from '../sso/secret-box.ts';
import { createSsoRepository } from '../sso/sso.repository.ts';
import { registerSsoRoutes } from '../sso/sso.routes.ts';
import { createSsoSettingsService } from '../sso/sso-settings.service.ts';
import { createSsoService } from '../sso/sso.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createAfterAnswer } from './after-answer.ts';
import type { AuthService } from './auth.service.ts';
import { createOneTimeCodesRepository } from './one-time-codes.repository.ts';
import { createCodeHasher } from './one-time-codes.ts';
import { createSignInFlowsService } from './sign-in-flows.service.ts';
import { createSignInLimits } from './sign-in-limits.ts';

export type SignInConfig = Partial<Pick<Config, 'smtpUrl' | 'mailFrom' | 'authRateLimit'>>;

export const signInDefaults = {
  mailFrom: 'Event Studio <no-reply@localhost>',
  authRateLimit: { perEmail: 10, perIp: 30, windowSeconds: 60 },
} as const;

/**
 * The sign-in area beside the sessions: mail, email flows (codes, magic links, invitations), SSO
 * and the shared rate limits, wired once for studio.ts.
 */
export function composeSignIn(deps: {
  db: Executor;
  config: SignInConfig;
  publicUrl: string;
  secretKey: string;
  users: UsersService;
  auth: AuthService;
  /** The server's logger, read when needed (the HTTP server is built after the services). */
  log: () => FastifyBaseLogger;
}) {
  const { db, publicUrl, secretKey, users, auth } = deps;
  const rateLimit = deps.config.authRateLimit ?? signInDefaults.authRateLimit;
  const mail = createMailService({
    db,
    smtpUrl: deps.config.smtpUrl,
    from: deps.config.mailFrom ?? signInDefaults.mailFrom,
    log: deps.log,
  });
  const afterAnswer = createAfterAnswer(deps.log);
  const ssoRepository = createSsoRepository(db);
  const ssoSettings = createSsoSettingsService({
    db,
    sso: ssoRepository,
    users,
    secretBox: createSecretBox(secretKey),
    publicUrl,
  });
  const flows = createSignInFlowsService({
    db,
    users,
    auth,
    codes: createOneTimeCodesRepository(db),
    hasher: createCodeHasher(secretKey),
    mail,
    afterAnswer,
    publicUrl,
    onlySsoFor: (organizationId, email) => ssoSettings.onlySsoFor(organizationId, email),
  });
  const sso = createSsoService({ sso: ssoRepository, settings: ssoSettings, users, auth });
  const limits = createSignInLimits(
    createRateLimiter(db, { windowSeconds: rateLimit.windowSeconds }),
    rateLimit,
  );

  return {
    mail,
    flows,
    limits,
    ssoSettings,
    sso,
    registerSsoRoutes: (app: HttpServer) => registerSsoRoutes(app, { sso, settings: ssoSettings, limits }),
    /** Waits for the mail still being sent after an answer, then closes the SMTP connections. */
    async close(): Promise<void> {
      await afterAnswer.settle();
      mail.close();
    },
  };
}

export type SignInArea = ReturnType<typeof composeSignIn>;
