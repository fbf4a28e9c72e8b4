import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { z } from 'zod';
import {
  loginResponseSchema,
  ssoAuthorizeQuerySchema,
  ssoSettingsSchema,
  ssoSettingsUpdateSchema,
  ssoTokenBodySchema,
  ssoTokenQuerySchema,
} from '@studio/domain';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { SignInLimits } from '../auth/sign-in-limits.ts';
import type { SsoSettingsService } from './sso-settings.service.ts';
import type { SsoService } from './sso.service.ts';
import { isUuid } from '../../platform/db/uuid.ts';

// A malformed id cannot name any organisation: answer 404 like any other unknown id.
const idParams = z.object({ id: z.string() });

/** Route hook: only the organisation's own admins get as far as the body (others: 404, members: 403). */
function adminOfOrganizationInPath(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const { id } = request.params as { id?: string };
  const caller = request.caller;
  if (!caller || !id || caller.organizationId !== id) return done(notFound());
  done(caller.role === 'ORG_ADMIN' ? undefined : forbidden());
}

export function registerSsoRoutes(
  app: HttpServer,
  { sso, settings, limits }: { sso: SsoService; settings: SsoSettingsService; limits: SignInLimits },
): void {
  app.get(
    '/api/core/organization/:id/sso/',
    {
      preValidation: [signedIn.preValidation, adminOfOrganizationInPath],
      schema: { tags: ['sso'], params: idParams, response: { 200: ssoSettingsSchema } },
    },
    async (request) => {
      const caller = signedIn.of(request).caller;
      if (!isUuid(request.params.id)) throw notFound();
      return settings.get(caller, request.params.id);
    },
  );

  app.put(
    '/api/core/organization/:id/sso/',
    {
      preValidation: [signedIn.preValidation, adminOfOrganizationInPath],
      schema: {
        tags: ['sso'],
        params: idParams,
        body: ssoSettingsUpdateSchema,
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request) => {
      const caller = signedIn.of(request).caller;
      if (!isUuid(request.params.id)) throw notFound();
      return settings.update(caller, request.params.id, request.body);
    },
  );

  // The browser is sent here; it leaves for the provider's sign-in page (302).
  app.get(
    '/api/auth/sso/authorize/',
    { schema: { tags: ['auth'], security: [], querystring: ssoAuthorizeQuerySchema } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'sso_authorize');
      return reply.redirect(await sso.authorize(request.query), 302);
    },
  );

  app.post(
    '/api/auth/sso/token/',
    {
      schema: {
        tags: ['auth'],
        security: [],
        querystring: ssoTokenQuerySchema,
        body: ssoTokenBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      await limits.enforce(request, reply, 'sso_token');
      return sso.exchange({ ...request.query, token: request.body?.token });
    },
  );
}
