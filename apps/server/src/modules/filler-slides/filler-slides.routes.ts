import { z } from 'zod';
import {
  createFillerSlideRequestSchema,
  FILLER_SLIDE_PAGE_SIZE,
  fillerSlideListQuerySchema,
  fillerSlidePageSchema,
  fillerSlideSchema,
  renameFillerSlideRequestSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { FillerSlidesService } from './filler-slides.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['filler slides'];
const idParams = z.object({ id: z.string() });
const PATH = '/api/core/filler-slide-library/';

/**
 * Reads with event rights (the service also asks video:read, as the library's dialog reads videos);
 * writes with the buffer video's permission.
 */
const reads = guard({ permission: 'event:read' });
const writes = guard({ permission: 'branding:update' });

/** Spec 002 §7.1: the filler slide library. */
export function registerFillerSlidesRoutes(app: HttpServer, slides: FillerSlidesService, publicUrl: string) {
  const route = routesOf(app, tags, publicUrl);
  route.list(
    PATH,
    reads,
    { query: fillerSlideListQuerySchema, answer: fillerSlidePageSchema, pageSize: FILLER_SLIDE_PAGE_SIZE },
    ({ caller, query, page }) => slides.list(caller, query, page),
  );

  route.post(
    PATH,
    writes,
    { body: createFillerSlideRequestSchema, answer: fillerSlideSchema, status: 201 },
    ({ caller, body }) => slides.create(caller, body),
  );

  route.get(`${PATH}:id/`, reads, { params: idParams, answer: fillerSlideSchema }, ({ caller, params }) =>
    slides.get(caller, params.id),
  );

  // Another organisation's slide answers 404 before the body is looked at.
  const renamable = guard({ permission: 'branding:update', load: slides.editable });
  route.patch(
    `${PATH}:id/`,
    renamable,
    { params: idParams, body: renameFillerSlideRequestSchema, answer: fillerSlideSchema },
    ({ object, body }) => slides.rename(object, body),
  );

  route.delete(`${PATH}:id/`, writes, { params: idParams, status: 204 }, ({ caller, params }) =>
    slides.delete(caller, params.id),
  );
}
