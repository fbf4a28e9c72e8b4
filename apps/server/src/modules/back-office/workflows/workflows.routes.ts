import { workflowListQuerySchema, workflowStatusSchema } from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { WorkflowsService } from './workflows.service.ts';

const eventReaders = guard({ permission: 'event:read' });

const tags = ['workflows'];

export function registerWorkflowsRoutes(app: HttpServer, workflows: WorkflowsService): void {
  app.get(
    '/api/core/workflows/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: workflowListQuerySchema, response: { 200: workflowStatusSchema } },
    },
    async (request) =>
      workflows.status(eventReaders.of(request).caller, request.query.event_id, request.query.organization),
  );

  app.get(
    '/api/core/workflows/:id/',
    {
      preValidation: eventReaders.preValidation,
      schema: {
        tags,
        params: z.object({ id: z.string().max(200) }),
        querystring: z.object({ organization: z.string().optional() }),
        response: { 200: workflowStatusSchema },
      },
    },
    async (request) =>
      workflows.status(eventReaders.of(request).caller, request.params.id, request.query.organization),
  );
}
