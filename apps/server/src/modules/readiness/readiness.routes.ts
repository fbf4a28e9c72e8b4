import { alertCentreSchema } from '@studio/domain';
import { z } from 'zod';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ReadinessService } from './readiness.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { eventReaders } from '../../platform/http/access-rules.ts';

const tags = ['Readiness'];
const idParams = z.object({ id: z.string() });

/** The alert centre's checks for an event and for a series (002 §7.11, `failed_checks`). */
export function registerReadinessRoutes(app: HttpServer, readiness: ReadinessService): void {
  const route = routesOf(app, tags);
  const alertCentres = {
    '/api/event/:id/alert_centre/': 'ofEvent',
    '/api/event/series/:id/alert_centre/': 'ofSeries',
  } as const;
  for (const [path, checksOf] of Object.entries(alertCentres))
    route.get(path, eventReaders, { params: idParams, answer: alertCentreSchema }, ({ caller, params }) =>
      readiness[checksOf](caller, params.id),
    );
}
