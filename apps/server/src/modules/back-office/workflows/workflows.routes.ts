import { workflowListQuerySchema, workflowStatusSchema } from '@studio/domain';
import { z } from 'zod';
import { requireCaller } from '../../../platform/http/caller.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { permitted } from '../../../platform/http/route-support.ts';
import type { WorkflowsService } from './workflows.service.ts';

const tags = ['workflows'];

export function registerWorkflowsRoutes(app: HttpServer, workflows: WorkflowsService): void {
  app.get(
    '/api/core/workflows/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, querystring: workflowListQuerySchema, response: { 200: workflowStatusSchema } },
    },
    async (request) =>
      workflows.status(requireCaller(request), request.query.event_id, request.query.organization),
  );

  app.get(
    '/api/core/workflows/:id/',
    {
      preValidation: permitted('event:read'),
      schema: {
        tags,
        params: z.object({ id: z.string().max(200) }),
        querystring: z.object({ organization: z.string().optional() }),
        response: { 200: workflowStatusSchema },
      },
    },
    async (request) =>
      workflows.status(requireCaller(request), request.params.id, request.query.organization),
  );
}
