import { createRateLimiter } from '../../platform/http/rate-limit.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import { createApiTokensRepository } from './api-tokens.repository.ts';
import { registerApiTokensRoutes } from './api-tokens.routes.ts';
import { createApiTokensService, isApiTokenSecret } from './api-tokens.service.ts';

/** The configuration's default (API_TOKEN_RATE_LIMIT_PER_MINUTE), for studios built without it. */
const API_TOKEN_RATE_LIMIT_PER_MINUTE = 300;

/** API tokens, and the HTTP server's authentication (the platform's extension point): an API token's secret, else a session's token. */
export function apiTokensArea(
  studio: Studio,
  ports: Pick<AuthArea, 'auth'> & Pick<OrganizationsArea, 'organizations'>,
): void {
  const { auth, organizations } = ports;
  const apiTokens = createApiTokensService({
    apiTokens: createApiTokensRepository(studio.database.db),
    planOf: (id) => organizations.planOf(id),
    rateLimit: {
      limiter: createRateLimiter(studio.database.db, { windowSeconds: 60 }),
      perWindow: studio.config.apiTokenRateLimitPerMinute ?? API_TOKEN_RATE_LIMIT_PER_MINUTE,
    },
  });
  studio.platform.authenticate.provide((token) =>
    isApiTokenSecret(token) ? apiTokens.authenticate(token) : auth.authenticate(token),
  );
  studio.platform.sessionClaims.provide((token) =>
    isApiTokenSecret(token) ? Promise.resolve(null) : auth.sessionClaims(token),
  );
  registerApiTokensRoutes(studio.app, apiTokens, studio.publicUrl);
}
