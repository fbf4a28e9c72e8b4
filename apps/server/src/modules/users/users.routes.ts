import {
  currentUserSchema,
  ssoMetadataQuerySchema,
  ssoMetadataSchema,
  updateProfileRequestSchema,
} from '@studio/domain';
import { requireCaller } from '../../platform/http/caller.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { SignInLimits } from '../auth/sign-in-limits.ts';
import type { UsersService } from './users.service.ts';

export function registerUsersRoutes(app: HttpServer, users: UsersService, limits: SignInLimits): void {
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
  app.patch(
    '/api/core/user/me/',
    {
      preValidation: signedIn,
      schema: { tags: ['users'], body: updateProfileRequestSchema, response: { 200: currentUserSchema } },
    },
    async (request) => users.updateProfile(requireCaller(request).userId, request.body),
  );

  // Asked before sign-in (spec 001 §7): answers {only_sso: false} for unknown emails too.
  app.get(
    '/api/core/user/sso_metadata/',
    {
      schema: {
        tags: ['users'],
        security: [],
        querystring: ssoMetadataQuerySchema,
        response: { 200: ssoMetadataSchema },
      },
    },
    async (request, reply) => {
      await limits.enforce(request, reply, 'sso_metadata');
      return users.ssoMetadata(request.query.email);
    },
  );
}
