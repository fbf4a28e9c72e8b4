import { alertCentreSchema } from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ReadinessService } from './readiness.service.ts';

const tags = ['Readiness'];
const idParams = z.object({ id: z.string() });

/** The alert centre's checks for an event and for a series (002 §7.11, `failed_checks`). */
export function registerReadinessRoutes(app: HttpServer, readiness: ReadinessService): void {
  const readers = guard({ permission: 'event:read' });
  app.get(
    '/api/event/:id/alert_centre/',
    {
      preValidation: readers.preValidation,
      schema: { tags, params: idParams, response: { 200: alertCentreSchema } },
    },
    async (request) => readiness.ofEvent(readers.of(request).caller, request.params.id),
  );
  app.get(
    '/api/event/series/:id/alert_centre/',
    {
      preValidation: readers.preValidation,
      schema: { tags, params: idParams, response: { 200: alertCentreSchema } },
    },
    async (request) => readiness.ofSeries(readers.of(request).caller, request.params.id),
  );
}
