import type { Config } from './config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { createHttpServer, type HttpServer } from './platform/http/server.ts';
import { serveStudio } from './platform/http/spa.ts';
import { createAccessRepository } from './modules/access/access.repository.ts';
import { registerAccessRoutes } from './modules/access/access.routes.ts';
import { createAccessService } from './modules/access/access.service.ts';
import { createApiTokensRepository } from './modules/api-tokens/api-tokens.repository.ts';
import { registerApiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { createApiTokensService, isApiTokenSecret } from './modules/api-tokens/api-tokens.service.ts';
import { createAccessTokens } from './modules/auth/access-tokens.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { composeSignIn, signInDefaults, type SignInConfig } from './modules/auth/sign-in-area.ts';
import { createBackOffice, registerBackOffice } from './modules/back-office/back-office.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { composeMedia, type MediaAreaConfig } from './modules/video-library/media-area.ts';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { registerOrganizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerOrganizationUsersArea } from './modules/users/organization-users.routes.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository.ts';
import { registerWorkspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.ts';

export type StudioConfig = Pick<
  Config,
  'accessTokenTtlSeconds' | 'refreshTokenTtlDays' | 'logLevel' | 'trustProxy' | 'webDistDir'
> &
  // Absolute next/previous links of pages; defaults to the configuration's own default.
  Partial<Pick<Config, 'publicUrl'>> &
  SignInConfig &
  // Storage, jobs (run when the role is worker or all), websocket, video library.
  MediaAreaConfig;

/** Wires the modules onto one HTTP server: the same composition for `npm start` and for tests. */
export async function buildStudio(
  config: StudioConfig,
  database: DatabaseHandle,
  secretKey: string,
): Promise<HttpServer> {
  const { db } = database;
  const publicUrl = config.publicUrl ?? 'http://localhost:8080';
  const workspaces = createWorkspacesService({ workspaces: createWorkspacesRepository(db) });
  const users = createUsersService(createUsersRepository(db), (userId) => workspaces.refsOfUser(userId));
  const auth = createAuthService({
    db,
    sessions: createAuthRepository(db),
    users,
    accessTokens: createAccessTokens(secretKey, config.accessTokenTtlSeconds),
    refreshTokenTtlDays: config.refreshTokenTtlDays,
  });
  // Mail, email sign-in flows, SSO and rate limits; `app` is read only once requests arrive.
  const signIn = composeSignIn({ db, config, publicUrl, secretKey, users, auth, log: () => app.log });
  const organizations = createOrganizationsService({
    db,
    organizations: createOrganizationsRepository(db),
    users,
  });
  const access = createAccessService({ access: createAccessRepository(db), users });
  const apiTokens = createApiTokensService({
    apiTokens: createApiTokensRepository(db),
    planOf: (id) => organizations.planOf(id),
  });

  const authenticate = (token: string) =>
    isApiTokenSecret(token) ? apiTokens.authenticate(token) : auth.authenticate(token);
  const app = await createHttpServer({
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    authenticate,
  });
  registerHealthRoutes(app, database);
  registerAuthRoutes(app, { auth, flows: signIn.flows, limits: signIn.limits });
  registerUsersRoutes(app, users, signIn.limits);
  // The organisation's users: list, look-up, invite, change, remove (spec 001 §7).
  registerOrganizationUsersArea(app, {
    db,
    publicUrl,
    invite: (invited, options) => signIn.flows.createInvitedUser(invited, options),
  });
  signIn.registerSsoRoutes(app);
  app.addHook('onClose', () => signIn.close());
  registerOrganizationsRoutes(app, organizations);
  registerAccessRoutes(app, access, publicUrl);
  registerWorkspacesRoutes(app, workspaces, publicUrl);
  registerApiTokensRoutes(app, apiTokens, publicUrl);
  const media = await composeMedia(app, { database, config, publicUrl, secretKey, authenticate });
  // Events, series, repeating events, templates, hub pages, tags, event workflows (issue 4).
  const eventsArea = createBackOffice({
    db,
    jobs: media.jobs,
    mailer: signIn.mail,
    mailFrom: config.mailFrom ?? signInDefaults.mailFrom,
    settingsOf: async (caller) => {
      const organization = await organizations.get(caller, caller.organizationId);
      return {
        isWorkspaceEnabled: organization.is_workspace_enabled,
        notUseRegistrantCounts: organization.feature_flags.notUseRegistrantCounts,
        pricing: organization.pricing_config,
      };
    },
    workspacesOf: (userId) => workspaces.refsOfUser(userId),
    findWorkspace: (caller, id) => workspaces.get(caller, id),
    videos: media.library.library,
  });
  registerBackOffice(app, eventsArea, publicUrl);
  media.library.library.linkEvents((organizationId, filter) =>
    eventsArea.events.eventIdsMatching(organizationId, filter),
  );
  media.library.usage.register(eventsArea.videoUsage);
  await serveStudio(app, config.webDistDir);
  return app;
}
