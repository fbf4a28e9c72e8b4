import { stageSourceSchema } from '@studio/domain';
import { requireCaller, type Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams, permitted } from '../../platform/http/route-support.ts';
import type { StageService } from './stage.service.ts';

export interface StageRoutesDeps {
  stage: StageService;
  /** The event if the caller may see it (404 otherwise: another organisation's, or none). */
  visibleEvent(caller: Caller, eventId: string): Promise<{ id: string }>;
}

/** GET /api/event/{id}/stage/: what the event's stage plays now (also pushed as `stage-updated`). */
export function registerStageRoutes(app: HttpServer, deps: StageRoutesDeps): void {
  app.get(
    '/api/event/:id/stage/',
    {
      preValidation: permitted('event:read', (caller, id) =>
        deps.visibleEvent(caller, id).then(
          () => true,
          () => false,
        ),
      ),
      schema: { tags: ['stage'], params: idParams, response: { 200: stageSourceSchema } },
    },
    async (request) => {
      const event = await deps.visibleEvent(requireCaller(request), request.params.id);
      const source = await deps.stage.stageOf(event.id);
      if (!source) throw notFound();
      return source;
    },
  );
}
