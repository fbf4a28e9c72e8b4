import { stageSourceSchema } from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { StageService } from './stage.service.ts';

export interface StageRoutesDeps {
  stage: StageService;
  /** The event if the caller may see it (404 otherwise: another organisation's, or none). */
  visibleEvent: (caller: Caller, eventId: string) => Promise<{ id: string }>;
}

/** GET /api/event/{id}/stage/: what the event's stage plays now (also pushed as `stage-updated`). */
export function registerStageRoutes(app: HttpServer, deps: StageRoutesDeps): void {
  const visible = guard({ permission: 'event:read', load: deps.visibleEvent });
  app.get(
    '/api/event/:id/stage/',
    {
      preValidation: visible.preValidation,
      schema: { tags: ['stage'], params: idParams, response: { 200: stageSourceSchema } },
    },
    async (request) => {
      const source = await deps.stage.stageOf(visible.of(request).object.id);
      if (!source) throw notFound();
      return source;
    },
  );
}
