import type { Config } from './config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { createHttpServer, type HttpServer } from './platform/http/server.ts';
import { serveStudio } from './platform/http/spa.ts';
import { createAccessTokens } from './modules/auth/access-tokens.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { registerOrganizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';

export type StudioConfig = Pick<
  Config,
  'accessTokenTtlSeconds' | 'refreshTokenTtlDays' | 'logLevel' | 'trustProxy' | 'webDistDir'
>;

/** Wires the modules onto one HTTP server: the same composition for `npm start` and for tests. */
export async function buildStudio(config: StudioConfig, database: DatabaseHandle, secretKey: string): Promise<HttpServer> {
  const { db } = database;
  const users = createUsersService(createUsersRepository(db));
  const auth = createAuthService({
    sessions: createAuthRepository(db),
    users,
    accessTokens: createAccessTokens(secretKey, config.accessTokenTtlSeconds),
    refreshTokenTtlDays: config.refreshTokenTtlDays,
  });
  const organizations = createOrganizationsService({ db, organizations: createOrganizationsRepository(db), users });

  const app = await createHttpServer({
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    authenticate: (token) => auth.authenticate(token),
  });
  registerHealthRoutes(app, database);
  registerAuthRoutes(app, auth);
  registerUsersRoutes(app, users);
  registerOrganizationsRoutes(app, organizations);
  await serveStudio(app, config.webDistDir);
  return app;
}
