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
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';

/** Spec 002 §7.1: the filler slide library. */
export function registerFillerSlidesRoutes(app: HttpServer, slides: FillerSlidesService, publicUrl: string) {
  registerResourceRoutes(app, publicUrl, {
    path: '/api/core/filler-slide-library/',
    tags: ['filler slides'],
    params: z.object({ id: z.string() }),
    // Reads with event rights (the service also asks video:read, as the library's dialog reads
    // videos); writes with the buffer video's permission.
    rights: { read: 'event:read', change: 'branding:update' },
    part: fillerSlideSchema,
    list: {
      query: fillerSlideListQuerySchema,
      page: fillerSlidePageSchema,
      pageSize: FILLER_SLIDE_PAGE_SIZE,
      answer: (caller, query, page) => slides.list(caller, query, page),
    },
    create: { body: createFillerSlideRequestSchema, answer: (caller, body) => slides.create(caller, body) },
    get: (caller, id) => slides.get(caller, id),
    update: {
      body: renameFillerSlideRequestSchema,
      // Another organisation's slide answers 404 before the body is looked at.
      guard: guard({ permission: 'branding:update', load: slides.editable }),
      answer: (slide, body) => slides.rename(slide, body),
    },
    delete: (caller, id) => slides.delete(caller, id),
  });
}
