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
  const route = routesOf(app, tags, publicUrl);
  route.list(
    '/api/core/workspaces/',
    signedIn,
    { query: workspaceListQuerySchema, answer: pageSchema(workspaceSchema), pageSize: WORKSPACES_PAGE_SIZE },
    ({ caller, query, page }) => workspaces.list(caller, query, page),
  );

  route.post(
    '/api/core/workspaces/',
    signedIn,
    { body: workspaceNameRequestSchema, answer: workspaceSchema, status: 201 },
    ({ caller, body }) => workspaces.create(caller, body.name),
  );

  route.get(
    '/api/core/workspaces/:id/',
    signedIn,
    { params: idParams, answer: workspaceSchema },
    ({ caller, params }) => workspaces.get(caller, params.id),
  );

  route.patch(
    '/api/core/workspaces/:id/',
    signedIn,
    { params: idParams, body: workspaceNameRequestSchema, answer: workspaceSchema },
    ({ caller, params, body }) => workspaces.rename(caller, params.id, body.name),
  );

  route.delete(
    '/api/core/workspaces/:id/',
    signedIn,
    { params: idParams, status: 204 },
    ({ caller, params }) => workspaces.delete(caller, params.id),
  );

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
