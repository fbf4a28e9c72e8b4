import {
  currentUserSchema,
  ssoMetadataQuerySchema,
  ssoMetadataSchema,
  updateProfileRequestSchema,
} from '@studio/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireCaller } from '../../platform/http/caller.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { UsersService } from './users.service.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

/** The sign-in area's abuse limits, as the SSO metadata lookup (an email probe) is counted. */
export interface SsoMetadataLimits {
  enforce(request: FastifyRequest, reply: FastifyReply, scope: 'sso_metadata'): Promise<void>;
}

export function registerUsersRoutes(app: HttpServer, users: UsersService, limits: SsoMetadataLimits): void {
  const route = routesOf(app, ['users']);
  app.get(
    '/api/core/user/me/',
    {
      config: { checksItsOwnSession: true },
      schema: { tags: ['users'], response: { 200: currentUserSchema } },
    },
    async (request) =>
      request.sessionClaims
        ? users.currentUserInSession(request.sessionClaims)
        : users.currentUser(requireCaller(request).userId),
  );

  // One's own profile: anyone signed in, with or without an organisation.
  route.patch(
    '/api/core/user/me/',
    signedIn,
    { body: updateProfileRequestSchema, answer: currentUserSchema },
    ({ caller, body }) => users.updateProfile(caller.userId, body),
  );

  // Asked before sign-in (spec 001 §7): answers {only_sso: false} for unknown emails too.
  publicRoutesOf(app, ['users']).get(
    '/api/core/user/sso_metadata/',
    { query: ssoMetadataQuerySchema, answer: ssoMetadataSchema },
    async ({ query }, request, reply) => {
      await limits.enforce(request, reply, 'sso_metadata');
      return users.ssoMetadata(query.email);
    },
  );
}
