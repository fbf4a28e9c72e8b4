import { z } from 'zod';
import {
  addWorkspaceMemberRequestSchema,
  pageQuerySchema,
  pageSchema,
  workspaceListQuerySchema,
  workspaceMemberSchema,
  workspaceNameRequestSchema,
  workspaceSchema,
} from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { WorkspacesService } from './workspaces.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';

const WORKSPACES_PAGE_SIZE = 25;
const MEMBERS_PAGE_SIZE = 25;

const idParams = z.object({ id: z.string() });
const memberParams = z.object({ id: z.string(), userId: z.string() });
const tags = ['workspaces'];

export function registerWorkspacesRoutes(
  app: HttpServer,
  workspaces: WorkspacesService,
  publicUrl: string,
): void {
  registerResourceRoutes(app, publicUrl, {
    path: '/api/core/workspaces/',
    tags,
    params: idParams,
    guard: signedIn,
    part: workspaceSchema,
    list: {
      query: workspaceListQuerySchema,
      page: pageSchema(workspaceSchema),
      pageSize: WORKSPACES_PAGE_SIZE,
      answer: (caller, query, page) => workspaces.list(caller, query, page),
    },
    create: {
      body: workspaceNameRequestSchema,
      answer: (caller, body) => workspaces.create(caller, body.name),
    },
    get: (caller, id) => workspaces.get(caller, id),
    change: {
      body: workspaceNameRequestSchema,
      answer: (caller, id, body) => workspaces.rename(caller, id, body.name),
    },
    delete: (caller, id) => workspaces.delete(caller, id),
  });

  const route = routesOf(app, tags, publicUrl);
  route.list(
    '/api/core/workspaces/:id/members/',
    signedIn,
    {
      params: idParams,
      query: pageQuerySchema,
      answer: pageSchema(workspaceMemberSchema),
      pageSize: MEMBERS_PAGE_SIZE,
    },
    ({ caller, params, page }) => workspaces.members(caller, params.id, page),
  );

  route.post(
    '/api/core/workspaces/:id/members/',
    signedIn,
    { params: idParams, body: addWorkspaceMemberRequestSchema, answer: workspaceMemberSchema, status: 201 },
    ({ caller, params, body }) => workspaces.addMember(caller, params.id, body.user_id),
  );

  route.delete(
    '/api/core/workspaces/:id/members/:userId/',
    signedIn,
    { params: memberParams, status: 204 },
    ({ caller, params }) => workspaces.removeMember(caller, params.id, params.userId),
  );
}
