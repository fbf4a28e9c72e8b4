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
import { guard, itemGuard } from '../../../platform/http/guard.ts';
import { pagedAnswer } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { created, idParams } from '../../../platform/http/route-support.ts';
import type { SeriesService } from './series.service.ts';

const eventReaders = guard({ permission: 'event:read' });
const eventCreators = guard({ permission: 'event:create' });

const tags = ['series'];

/** Spec 001 §7 "Series": list, get (min, get_tags, get_cached_data), create, PATCH series and repeating event. */
export function registerSeriesRoutes(app: HttpServer, series: SeriesService, publicUrl: string): void {
  app.get(
    '/api/event/series/',
    {
      preValidation: eventReaders.preValidation,
      schema: {
        tags,
        querystring: seriesListQuerySchema,
        response: { 200: pageSchema(seriesListItemSchema) },
      },
    },
    pagedAnswer(publicUrl, SERIES_PAGE_SIZE, (request, page) =>
      series.list(eventReaders.of(request).caller, request.query, page),
    ),
  );

  app.post(
    '/api/event/series/',
    {
      preValidation: eventCreators.preValidation,
      schema: { tags, body: createSeriesRequestSchema, response: { 201: seriesSchema } },
    },
    created((request) => series.create(eventCreators.of(request).caller, request.body)),
  );

  app.get(
    '/api/event/series/:id/',
    {
      preValidation: eventReaders.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: seriesGetQuerySchema,
        response: { 200: seriesListItemSchema },
      },
    },
    async (request) => series.get(eventReaders.of(request).caller, request.params.id, request.query),
  );

  const editable = itemGuard(series, 'event:update');
  app.patch(
    '/api/event/series/:id/',
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: updateSeriesRequestSchema, response: { 200: seriesSchema } },
    },
    async (request) => series.update(editable.of(request), request.body),
  );
}
