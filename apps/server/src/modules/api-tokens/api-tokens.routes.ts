import { z } from 'zod';
import {
  apiTokenSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
  pageQuerySchema,
  pageSchema,
} from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { ApiTokensService } from './api-tokens.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const API_TOKENS_PAGE_SIZE = 25;
const tags = ['api tokens'];
// Managed by a signed-in person: the docs list only the access token's scheme (an API token is refused).
const security = [{ bearer: [] }];

export function registerApiTokensRoutes(
  app: HttpServer,
  apiTokens: ApiTokensService,
  publicUrl: string,
): void {
  const route = routesOf(app, tags, publicUrl);
  route.list(
    '/api/core/api_tokens/',
    signedIn,
    { security, query: pageQuerySchema, answer: pageSchema(apiTokenSchema), pageSize: API_TOKENS_PAGE_SIZE },
    ({ caller, page }) => apiTokens.list(caller, page),
  );

  route.post(
    '/api/core/api_tokens/',
    signedIn,
    { security, body: createApiTokenRequestSchema, answer: createdApiTokenSchema, status: 201 },
    ({ caller, body }) => apiTokens.create(caller, body.name),
  );

  route.delete(
    '/api/core/api_tokens/:id/',
    signedIn,
    { security, params: z.object({ id: z.string() }), status: 204 },
    ({ caller, params }) => apiTokens.revoke(caller, params.id),
  );
}
