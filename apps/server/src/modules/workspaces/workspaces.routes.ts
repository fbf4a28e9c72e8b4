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
import { pagedAnswer } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { WorkspacesService } from './workspaces.service.ts';
import { created, noContent } from '../../platform/http/route-support.ts';

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
  app.get(
    '/api/core/workspaces/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, querystring: workspaceListQuerySchema, response: { 200: pageSchema(workspaceSchema) } },
    },
    pagedAnswer(publicUrl, WORKSPACES_PAGE_SIZE, (request, page) =>
      workspaces.list(signedIn.of(request).caller, request.query, page),
    ),
  );

  app.post(
    '/api/core/workspaces/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, body: workspaceNameRequestSchema, response: { 201: workspaceSchema } },
    },
    created((request) => workspaces.create(signedIn.of(request).caller, request.body.name)),
  );

  app.get(
    '/api/core/workspaces/:id/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, params: idParams, response: { 200: workspaceSchema } },
    },
    async (request) => workspaces.get(signedIn.of(request).caller, request.params.id),
  );

  app.patch(
    '/api/core/workspaces/:id/',
    {
      preValidation: signedIn.preValidation,
      schema: {
        tags,
        params: idParams,
        body: workspaceNameRequestSchema,
        response: { 200: workspaceSchema },
      },
    },
    async (request) => workspaces.rename(signedIn.of(request).caller, request.params.id, request.body.name),
  );

  app.delete(
    '/api/core/workspaces/:id/',
    { preValidation: signedIn.preValidation, schema: { tags, params: idParams } },
    noContent((request) => workspaces.delete(signedIn.of(request).caller, request.params.id)),
  );

  app.get(
    '/api/core/workspaces/:id/members/',
    {
      preValidation: signedIn.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(workspaceMemberSchema) },
      },
    },
    pagedAnswer(publicUrl, MEMBERS_PAGE_SIZE, (request, page) =>
      workspaces.members(signedIn.of(request).caller, request.params.id, page),
    ),
  );

  app.post(
    '/api/core/workspaces/:id/members/',
    {
      preValidation: signedIn.preValidation,
      schema: {
        tags,
        params: idParams,
        body: addWorkspaceMemberRequestSchema,
        response: { 201: workspaceMemberSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await workspaces.addMember(signedIn.of(request).caller, request.params.id, request.body.user_id),
        ),
  );

  app.delete(
    '/api/core/workspaces/:id/members/:userId/',
    { preValidation: signedIn.preValidation, schema: { tags, params: memberParams } },
    noContent((request) =>
      workspaces.removeMember(signedIn.of(request).caller, request.params.id, request.params.userId),
    ),
  );
}
