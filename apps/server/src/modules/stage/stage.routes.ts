import { stageQuerySchema, stageSourceSchema } from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { StageService } from './stage.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

export interface StageRoutesDeps {
  stage: StageService;
  /** The event if the caller may see it (404 otherwise: another organisation's, or none). */
  visibleEvent: (caller: Caller, eventId: string) => Promise<{ id: string }>;
}

/**
 * GET /api/event/{id}/stage/: what the event's stage plays now (also pushed as `stage-updated`) in
 * its main track, or in the track `?track=` names (another event's or an unknown track: the main's).
 */
export function registerStageRoutes(app: HttpServer, deps: StageRoutesDeps): void {
  const route = routesOf(app, ['stage']);
  const visible = guard({ permission: 'event:read', load: deps.visibleEvent });
  route.get(
    '/api/event/:id/stage/',
    visible,
    { params: idParams, query: stageQuerySchema, answer: stageSourceSchema },
    async ({ object, query }) => {
      const source = await deps.stage.stageOf(object.id, undefined, query.track);
      if (!source) throw notFound();
      return source;
    },
  );
}
