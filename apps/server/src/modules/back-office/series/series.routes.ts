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
import { requireCaller } from '../../../platform/http/caller.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams, permitted } from '../../../platform/http/route-support.ts';
import type { SeriesService } from './series.service.ts';

const tags = ['series'];

/** Spec 001 §7 "Series": list, get (min, get_tags, get_cached_data), create, PATCH series and repeating event. */
export function registerSeriesRoutes(app: HttpServer, series: SeriesService, publicUrl: string): void {
  app.get(
    '/api/event/series/',
    {
      preValidation: permitted('event:read'),
      schema: {
        tags,
        querystring: seriesListQuerySchema,
        response: { 200: pageSchema(seriesListItemSchema) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, SERIES_PAGE_SIZE);
      const { count, results } = await series.list(requireCaller(request), request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/series/',
    {
      preValidation: permitted('event:create'),
      schema: { tags, body: createSeriesRequestSchema, response: { 201: seriesSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await series.create(requireCaller(request), request.body)),
  );

  app.get(
    '/api/event/series/:id/',
    {
      preValidation: permitted('event:read'),
      schema: {
        tags,
        params: idParams,
        querystring: seriesGetQuerySchema,
        response: { 200: seriesListItemSchema },
      },
    },
    async (request) => series.get(requireCaller(request), request.params.id, request.query),
  );

  app.patch(
    '/api/event/series/:id/',
    {
      preValidation: permitted('event:update', (caller, id) => series.isVisible(caller, id)),
      schema: { tags, params: idParams, body: updateSeriesRequestSchema, response: { 200: seriesSchema } },
    },
    async (request) => series.update(requireCaller(request), request.params.id, request.body),
  );
}
