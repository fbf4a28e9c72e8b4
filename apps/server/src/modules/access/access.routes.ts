import {
  createCustomRoleSchema,
  pageSchema,
  permissionAnswerSchema,
  permissionRequestSchema,
  roleListQuerySchema,
  roleSchema,
  ROLES_PAGE_SIZE,
  unauthenticatedFlagsSchema,
  updateCustomRoleSchema,
} from '@studio/domain';
import { idParams } from '../../platform/http/route-support.ts';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { AccessService } from './access.service.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

const userManagers = guard({ permission: 'user:manage' });

export function registerAccessRoutes(app: HttpServer, access: AccessService, publicUrl: string): void {
  const route = routesOf(app, ['access'], publicUrl);
  publicRoutesOf(app, ['access']).get('/api/core/flags/', { answer: unauthenticatedFlagsSchema }, () =>
    access.publicFlags(),
  );

  route.list(
    '/api/core/roles/',
    signedIn,
    { query: roleListQuerySchema, answer: pageSchema(roleSchema), pageSize: ROLES_PAGE_SIZE },
    ({ caller, query, page }) =>
      access.listRoles(caller, { realm: query.realm, role_group: query.role_group }, page),
  );

  route.post(
    '/api/core/roles/',
    userManagers,
    { body: createCustomRoleSchema, answer: roleSchema, status: 201 },
    ({ caller, body }) => access.createCustomRole(caller, body),
  );

  // The path's role as the caller's organisation sees it (built-in or its own): another's is 404.
  const roleManagers = guard({
    permission: 'user:manage',
    load: (caller, id) => access.findRole(caller.organizationId, id),
  });

  route.patch(
    '/api/core/roles/:id/',
    roleManagers,
    { params: idParams, body: updateCustomRoleSchema, answer: roleSchema },
    ({ caller, object, body }) => access.updateCustomRole(caller, object, body),
  );

  route.delete(
    '/api/core/roles/:id/',
    roleManagers,
    { params: idParams, status: 204 },
    ({ caller, object }) => access.deleteCustomRole(caller, object),
  );

  route.post(
    '/api/core/permissions/',
    signedIn,
    { body: permissionRequestSchema, answer: permissionAnswerSchema },
    ({ caller, body }) => access.permissions(caller, body),
  );
}
