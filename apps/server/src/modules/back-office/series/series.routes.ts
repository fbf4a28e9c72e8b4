import {
  createSeriesRequestSchema,
  pageSchema,
  SERIES_PAGE_SIZE,
  seriesGetQuerySchema,
  seriesListItemSchema,
  seriesListQuerySchema,
  seriesSchema,
  updateSeriesRequestSchema,
} from '@studio/domain';
import { itemGuard } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { SeriesService } from './series.service.ts';

/** Spec 001 §7 "Series": list, get (min, get_tags, get_cached_data), create, PATCH series and repeating event. */
export function registerSeriesRoutes(app: HttpServer, series: SeriesService, publicUrl: string): void {
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/series/',
    tags: ['series'],
    rights: { read: 'event:read', change: 'event:update', create: 'event:create' },
    part: seriesSchema,
    answers: { get: seriesListItemSchema },
    list: {
      query: seriesListQuerySchema,
      page: pageSchema(seriesListItemSchema),
      pageSize: SERIES_PAGE_SIZE,
      answer: (caller, query, page) => series.list(caller, query, page),
    },
    create: { body: createSeriesRequestSchema, answer: (caller, body) => series.create(caller, body) },
    getQuery: seriesGetQuerySchema,
    get: (caller, id, query) => series.get(caller, id, query),
    update: {
      body: updateSeriesRequestSchema,
      guard: itemGuard(series, 'event:update'),
      answer: (object, body, scope) => series.update({ scope, object }, body),
    },
  });
}
