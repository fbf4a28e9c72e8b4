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
import { eventReaders, eventCreators } from '../route-support.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { SeriesService } from './series.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['series'];

/** Spec 001 §7 "Series": list, get (min, get_tags, get_cached_data), create, PATCH series and repeating event. */
export function registerSeriesRoutes(app: HttpServer, series: SeriesService, publicUrl: string): void {
  const route = routesOf(app, tags, publicUrl);
  route.list(
    '/api/event/series/',
    eventReaders,
    { query: seriesListQuerySchema, answer: pageSchema(seriesListItemSchema), pageSize: SERIES_PAGE_SIZE },
    ({ caller, query, page }) => series.list(caller, query, page),
  );

  route.post(
    '/api/event/series/',
    eventCreators,
    { body: createSeriesRequestSchema, answer: seriesSchema, status: 201 },
    ({ caller, body }) => series.create(caller, body),
  );

  route.get(
    '/api/event/series/:id/',
    eventReaders,
    { params: idParams, query: seriesGetQuerySchema, answer: seriesListItemSchema },
    ({ caller, params, query }) => series.get(caller, params.id, query),
  );

  const editable = itemGuard(series, 'event:update');
  route.patch(
    '/api/event/series/:id/',
    editable,
    { params: idParams, body: updateSeriesRequestSchema, answer: seriesSchema },
    (input) => series.update(input, input.body),
  );
}
