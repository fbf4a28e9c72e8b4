import type { FastifyBaseLogger } from 'fastify';
import type { TestStudio } from '../../../test/harness.ts';
import type { CaughtMail } from '../../../test/mail-catcher.ts';
import { createMailService } from '../../platform/mail/mail.ts';
import { platformDefaults, type PlatformConfig } from '../../platform/platform.ts';
import { createSso } from '../sso/sso.ts';
import { createUsersService } from '../users/users.service.ts';
import { authReadModel } from './auth.read-model.ts';
import { createAccessTokens } from './access-tokens.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createSignIn, type SignInConfig } from './sign-in-area.ts';

/** The six-digit code of a sign-up or password-reset email. */
export function codeIn(mail: CaughtMail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The magic link of an email, as `{email, secret_code}` read back from its path. */
export function magicLinkIn(
  mail: CaughtMail,
  publicUrl: string,
): { url: string; email: string; secret_code: string } {
  const url = new RegExp(`${publicUrl.replace(/[.]/g, '\\.')}/auth/link/\\S+`).exec(mail.text)?.[0];
  if (!url) throw new Error(`no magic link in: ${mail.text}`);
  const [email, secret] = new URL(url).pathname.split('/').slice(3);
  return { url, email: decodeURIComponent(email ?? ''), secret_code: decodeURIComponent(secret ?? '') };
}

const quiet = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/**
 * The sign-in services built beside a test studio, on its database and secret key: for what has no
 * route yet (the admin's "create user" calls createInvitedUser).
 */
export function signInServicesBeside(
  studio: TestStudio,
  options: SignInConfig & Pick<PlatformConfig, 'smtpUrl' | 'mailFrom'> & { publicUrl: string },
) {
  const { db } = studio.database;
  const users = createUsersService(db, authReadModel);
  const mail = createMailService({
    db,
    smtpUrl: options.smtpUrl,
    from: options.mailFrom ?? platformDefaults.mailFrom,
    log: () => quiet,
  });
  const auth = createAuthService({
    db,
    sessions: createAuthRepository(db),
    users,
    accessTokens: createAccessTokens(studio.secretKey, 900),
    refreshTokenTtlDays: 30,
  });
  const sso = createSso({ db, secretKey: studio.secretKey, publicUrl: options.publicUrl, users, auth });
  const signIn = createSignIn({
    db,
    config: options,
    publicUrl: options.publicUrl,
    secretKey: studio.secretKey,
    users,
    auth,
    mail,
    log: () => quiet,
    onlySsoFor: (organizationId, email) => sso.settings.onlySsoFor(organizationId, email),
    // The studio's own sign-up route makes spaces; these services are for invitations.
    openContentSpace: () => Promise.reject(new Error('Sign up through the test studio.')),
  });
  return {
    ...signIn,
    /** Waits for the mail still being sent after an answer, then closes the SMTP connections. */
    async close(): Promise<void> {
      await signIn.settle();
      mail.close();
    },
  };
}
