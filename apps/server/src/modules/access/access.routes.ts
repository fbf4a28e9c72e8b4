import {
  createCustomRoleSchema,
  pageSchema,
  permissionAnswerSchema,
  permissionRequestSchema,
  roleListQuerySchema,
  roleSchema,
  ROLES_PAGE_SIZE,
  unauthenticatedFlagsSchema,
} from '@studio/domain';
import { requireCaller } from '../../platform/http/caller.ts';
import { guard } from '../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { AccessService } from './access.service.ts';
import { signedIn } from '../../platform/http/access-rules.ts';

export function registerAccessRoutes(app: HttpServer, access: AccessService, publicUrl: string): void {
  app.get(
    '/api/core/flags/',
    { schema: { tags: ['access'], security: [], response: { 200: unauthenticatedFlagsSchema } } },
    async () => access.publicFlags(),
  );

  app.get(
    '/api/core/roles/',
    {
      preValidation: signedIn,
      schema: {
        tags: ['access'],
        querystring: roleListQuerySchema,
        response: { 200: pageSchema(roleSchema) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, ROLES_PAGE_SIZE);
      const { count, results } = await access.listRoles(
        requireCaller(request),
        { realm: request.query.realm, role_group: request.query.role_group },
        page,
      );
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/core/roles/',
    {
      // 401 anonymous, 403 without user:manage — before the body is looked at.
      preValidation: guard({ permission: 'user:manage' }).preValidation,
      schema: { tags: ['access'], body: createCustomRoleSchema, response: { 201: roleSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await access.createCustomRole(requireCaller(request), request.body)),
  );

  app.post(
    '/api/core/permissions/',
    {
      preValidation: signedIn,
      schema: { tags: ['access'], body: permissionRequestSchema, response: { 200: permissionAnswerSchema } },
    },
    async (request) => access.permissions(requireCaller(request), request.body),
  );
}
