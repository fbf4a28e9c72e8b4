import { workflowListQuerySchema, workflowStatusSchema } from '@studio/domain';
import { z } from 'zod';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { WorkflowsService } from './workflows.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { eventReaders } from '../../../platform/http/access-rules.ts';

const tags = ['workflows'];

export function registerWorkflowsRoutes(app: HttpServer, workflows: WorkflowsService): void {
  const route = routesOf(app, tags);
  route.get(
    '/api/core/workflows/',
    eventReaders,
    { query: workflowListQuerySchema, answer: workflowStatusSchema },
    ({ caller, query }) => workflows.status(caller, query.event_id, query.organization),
  );

  route.get(
    '/api/core/workflows/:id/',
    eventReaders,
    {
      params: z.object({ id: z.string().max(200) }),
      query: z.object({ organization: z.string().optional() }),
      answer: workflowStatusSchema,
    },
    ({ caller, params, query }) => workflows.status(caller, params.id, query.organization),
  );
}
