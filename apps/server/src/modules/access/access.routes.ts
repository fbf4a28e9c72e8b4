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
import { guard } from '../../platform/http/guard.ts';
import { pagedAnswer } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { AccessService } from './access.service.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import { created } from '../../platform/http/route-support.ts';

const userManagers = guard({ permission: 'user:manage' });

export function registerAccessRoutes(app: HttpServer, access: AccessService, publicUrl: string): void {
  app.get(
    '/api/core/flags/',
    { schema: { tags: ['access'], security: [], response: { 200: unauthenticatedFlagsSchema } } },
    async () => access.publicFlags(),
  );

  app.get(
    '/api/core/roles/',
    {
      preValidation: signedIn.preValidation,
      schema: {
        tags: ['access'],
        querystring: roleListQuerySchema,
        response: { 200: pageSchema(roleSchema) },
      },
    },
    pagedAnswer(publicUrl, ROLES_PAGE_SIZE, (request, page) =>
      access.listRoles(
        signedIn.of(request).caller,
        { realm: request.query.realm, role_group: request.query.role_group },
        page,
      ),
    ),
  );

  app.post(
    '/api/core/roles/',
    {
      // 401 anonymous, 403 without user:manage — before the body is looked at.
      preValidation: userManagers.preValidation,
      schema: { tags: ['access'], body: createCustomRoleSchema, response: { 201: roleSchema } },
    },
    created((request) => access.createCustomRole(userManagers.of(request).caller, request.body)),
  );

  app.post(
    '/api/core/permissions/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags: ['access'], body: permissionRequestSchema, response: { 200: permissionAnswerSchema } },
    },
    async (request) => access.permissions(signedIn.of(request).caller, request.body),
  );
}
