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
import { pagedAnswer } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { FillerSlidesService } from './filler-slides.service.ts';
import { created, noContent } from '../../platform/http/route-support.ts';

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
  app.get(
    PATH,
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: fillerSlideListQuerySchema, response: { 200: fillerSlidePageSchema } },
    },
    pagedAnswer(publicUrl, FILLER_SLIDE_PAGE_SIZE, (request, page) =>
      slides.list(reads.of(request).caller, request.query, page),
    ),
  );

  app.post(
    PATH,
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createFillerSlideRequestSchema, response: { 201: fillerSlideSchema } },
    },
    created((request) => slides.create(writes.of(request).caller, request.body)),
  );

  app.get(
    `${PATH}:id/`,
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: fillerSlideSchema } },
    },
    async (request) => slides.get(reads.of(request).caller, request.params.id),
  );

  // Another organisation's slide answers 404 before the body is looked at.
  const renamable = guard({ permission: 'branding:update', load: slides.editable });
  app.patch(
    `${PATH}:id/`,
    {
      preValidation: renamable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: renameFillerSlideRequestSchema,
        response: { 200: fillerSlideSchema },
      },
    },
    async (request) => slides.rename(renamable.of(request).object, request.body),
  );

  app.delete(
    `${PATH}:id/`,
    { preValidation: writes.preValidation, schema: { tags, params: idParams } },
    noContent((request) => slides.delete(writes.of(request).caller, request.params.id)),
  );
}
