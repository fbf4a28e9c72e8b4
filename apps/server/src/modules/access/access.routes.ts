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

  route.post(
    '/api/core/permissions/',
    signedIn,
    { body: permissionRequestSchema, answer: permissionAnswerSchema },
    ({ caller, body }) => access.permissions(caller, body),
  );
}
