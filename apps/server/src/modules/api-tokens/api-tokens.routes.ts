import { z } from 'zod';
import {
  apiTokenSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
  pageQuerySchema,
  pageSchema,
} from '@studio/domain';
import { pagedAnswer } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { ApiTokensService } from './api-tokens.service.ts';
import { created, noContent } from '../../platform/http/route-support.ts';

const API_TOKENS_PAGE_SIZE = 25;
const tags = ['api tokens'];
// Managed by a signed-in person: the docs list only the access token's scheme (an API token is refused).
const security = [{ bearer: [] }];

export function registerApiTokensRoutes(
  app: HttpServer,
  apiTokens: ApiTokensService,
  publicUrl: string,
): void {
  app.get(
    '/api/core/api_tokens/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, security, querystring: pageQuerySchema, response: { 200: pageSchema(apiTokenSchema) } },
    },
    pagedAnswer(publicUrl, API_TOKENS_PAGE_SIZE, (request, page) =>
      apiTokens.list(signedIn.of(request).caller, page),
    ),
  );

  app.post(
    '/api/core/api_tokens/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, security, body: createApiTokenRequestSchema, response: { 201: createdApiTokenSchema } },
    },
    created((request) => apiTokens.create(signedIn.of(request).caller, request.body.name)),
  );

  app.delete(
    '/api/core/api_tokens/:id/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, security, params: z.object({ id: z.string() }) },
    },
    noContent((request) => apiTokens.revoke(signedIn.of(request).caller, request.params.id)),
  );
}
