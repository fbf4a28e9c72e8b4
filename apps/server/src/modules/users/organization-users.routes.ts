import {
  createUserRequestSchema,
  organizationUserDetailSchema,
  organizationUserSchema,
  pageSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userLookupQuerySchema,
  USERS_PAGE_SIZE,
} from '@studio/domain';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../../platform/http/caller.ts';
import { forbidden, notAuthenticated } from '../../platform/http/errors.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { hasPermission, signedIn } from '../access/access.rules.ts';
import { createAuthRepository } from '../auth/auth.repository.ts';
import { createWorkspacesRepository } from '../workspaces/workspaces.repository.ts';
import {
  createOrganizationUsersService,
  type OrganizationUsersDeps,
  type OrganizationUsersService,
} from './organization-users.service.ts';
import { createUsersRepository } from './users.repository.ts';

const tags = ['users'];
const idParams = z.object({ id: z.string() });

/** Route hook: 401 anonymous, 403 without `user:manage` — before the body is looked at. */
function managesUsers(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!request.caller) return done(notAuthenticated());
  done(hasPermission(request.caller, 'user:manage') ? undefined : forbidden());
}

export function registerOrganizationUsersRoutes(
  app: HttpServer,
  users: OrganizationUsersService,
  publicUrl: string,
): void {
  app.get(
    '/api/core/users/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        querystring: userListQuerySchema,
        response: { 200: pageSchema(organizationUserSchema) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, USERS_PAGE_SIZE);
      const { count, results } = await users.list(requireCaller(request), request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.get(
    '/api/core/user/',
    {
      preValidation: signedIn,
      schema: { tags, querystring: userLookupQuerySchema, response: { 200: organizationUserDetailSchema } },
    },
    async (request) => users.lookup(requireCaller(request), request.query.username),
  );

  app.post(
    '/api/core/user/',
    {
      preValidation: managesUsers,
      schema: { tags, body: createUserRequestSchema, response: { 201: organizationUserDetailSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await users.create(requireCaller(request), request.body)),
  );

  app.patch(
    '/api/core/user/:id/',
    {
      preValidation: managesUsers,
      schema: {
        tags,
        params: idParams,
        body: updateUserRequestSchema,
        response: { 200: organizationUserDetailSchema },
      },
    },
    async (request) => users.update(requireCaller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/core/user/:id/',
    { preValidation: managesUsers, schema: { tags, params: idParams } },
    async (request, reply) => {
      await users.remove(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );
}

/** Builds the organisation users service on the database and registers its routes (studio.ts wiring). */
export function registerOrganizationUsersArea(
  app: HttpServer,
  deps: { db: Executor; publicUrl: string; invite: OrganizationUsersDeps['invite'] },
): OrganizationUsersService {
  const sessions = createAuthRepository(deps.db);
  const service = createOrganizationUsersService({
    db: deps.db,
    users: createUsersRepository(deps.db),
    workspaces: createWorkspacesRepository(deps.db),
    invite: deps.invite,
    endSessions: (userId, tx) => sessions.revokeAllSessionsOfUser(userId, tx),
  });
  registerOrganizationUsersRoutes(app, service, deps.publicUrl);
  return service;
}
