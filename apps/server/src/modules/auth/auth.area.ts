import { moduleLink } from '../../platform/module-links.ts';
import type { Studio } from '../../studio-area.ts';
import { registerSsoRoutes } from '../sso/sso.routes.ts';
import { createSso } from '../sso/sso.ts';
import { registerUsersRoutes } from '../users/users.routes.ts';
import { createUsersService } from '../users/users.service.ts';
import { createAccessTokens } from './access-tokens.ts';
import { authReadModel } from './auth.read-model.ts';
import { createAuthRepository } from './auth.repository.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createSignIn } from './sign-in-area.ts';
import type { OpenContentSpace } from './sign-in-flows.service.ts';

/** People, their sessions and their ways in: sign-in (codes, passwords, invitations) and SSO. */
export function authArea(studio: Studio) {
  const { app, config, publicUrl, secretKey } = studio;
  const { db } = studio.database;
  const users = createUsersService(db, authReadModel);
  const auth = createAuthService({
    db,
    sessions: createAuthRepository(db),
    users,
    accessTokens: createAccessTokens(secretKey, config.accessTokenTtlSeconds),
    refreshTokenTtlDays: config.refreshTokenTtlDays,
  });
  const { settings: ssoSettings, sso } = createSso({ db, secretKey, publicUrl, users, auth });
  const contentSpaces = moduleLink<OpenContentSpace>(
    "sign-up → organisations: a standalone Content Lab user's personal space",
  );
  const signIn = createSignIn({
    db,
    config,
    publicUrl,
    secretKey,
    users,
    auth,
    mail: studio.mail,
    log: () => app.log,
    onlySsoFor: (organizationId, email) => ssoSettings.onlySsoFor(organizationId, email),
    openContentSpace: (name, tx) => contentSpaces.use()(name, tx),
  });
  // onClose hooks run last-registered first: the mail still being sent settles before the platform closes.
  app.addHook('onClose', () => signIn.settle());
  registerAuthRoutes(app, { auth, flows: signIn.flows, limits: signIn.limits });
  registerUsersRoutes(app, users, signIn.limits);
  registerSsoRoutes(app, { sso, settings: ssoSettings, limits: signIn.limits });
  return { users, auth, signIn, contentSpaces };
}

export type AuthArea = ReturnType<typeof authArea>;
