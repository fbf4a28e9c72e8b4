import { z } from 'zod';
import {
  loginResponseSchema,
  ssoAuthorizeQuerySchema,
  ssoSettingsSchema,
  ssoSettingsUpdateSchema,
  ssoTokenBodySchema,
  ssoTokenQuerySchema,
} from '@studio/domain';
import { guard, SIGNED_IN } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { SignInLimits } from '../auth/sign-in-limits.ts';
import type { SsoSettingsService } from './sso-settings.service.ts';
import type { SsoService } from './sso.service.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

// A malformed id cannot name any organisation: the guard answers 404 like any other unknown id.
const idParams = z.object({ id: z.string() });

export function registerSsoRoutes(
  app: HttpServer,
  { sso, settings, limits }: { sso: SsoService; settings: SsoSettingsService; limits: SignInLimits },
): void {
  const route = routesOf(app, ['sso']);
  // Only the organisation's own admins get as far as the body (others: 404, members: 403).
  const admins = guard({
    permission: SIGNED_IN,
    load: (caller, id) => settings.managedOrganization(caller, id),
  });
  route.get(
    '/api/core/organization/:id/sso/',
    admins,
    { params: idParams, answer: ssoSettingsSchema },
    ({ object }) => settings.get(object),
  );

  route.put(
    '/api/core/organization/:id/sso/',
    admins,
    { params: idParams, body: ssoSettingsUpdateSchema, answer: ssoSettingsSchema },
    ({ object, body }) => settings.update(object, body),
  );

  // The browser is sent here; it leaves for the provider's sign-in page (302).
  const open = publicRoutesOf(app, ['auth']);
  open.get(
    '/api/auth/sso/authorize/',
    { query: ssoAuthorizeQuerySchema },
    async ({ query }, request, reply) => {
      await limits.enforce(request, reply, 'sso_authorize');
      return reply.redirect(await sso.authorize(query), 302);
    },
  );

  open.post(
    '/api/auth/sso/token/',
    { query: ssoTokenQuerySchema, body: ssoTokenBodySchema, answer: loginResponseSchema },
    async ({ query, body }, request, reply) => {
      await limits.enforce(request, reply, 'sso_token');
      return sso.exchange({ ...query, token: body?.token });
    },
  );
}
