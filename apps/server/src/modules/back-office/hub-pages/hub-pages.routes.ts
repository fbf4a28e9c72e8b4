import {
  createHubPageRequestSchema,
  duplicateHubPageRequestSchema,
  HUB_PAGES_PAGE_SIZE,
  hubPageListQuerySchema,
  hubPageSchema,
  pageSchema,
  updateHubPageRequestSchema,
} from '@studio/domain';
import { requireCaller, type Caller } from '../../../platform/http/caller.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams, permitted } from '../../../platform/http/route-support.ts';
import type { HubPagesService } from './hub-pages.service.ts';

const tags = ['hub pages'];
const base = '/api/event/hub-pages/';

/** Spec 001 §7 "Hub pages": list, get, create, duplicate, update, delete. */
export function registerHubPagesRoutes(app: HttpServer, hubPages: HubPagesService, publicUrl: string): void {
  const visible = (caller: Caller, id: string) => hubPages.isVisible(caller, id);
  app.get(
    base,
    {
      preValidation: permitted('event:read'),
      schema: { tags, querystring: hubPageListQuerySchema, response: { 200: pageSchema(hubPageSchema) } },
    },
    async (request) => {
      const page = pageRequest(request.query, HUB_PAGES_PAGE_SIZE);
      const { count, results } = await hubPages.list(requireCaller(request), request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    base,
    {
      preValidation: permitted('event:create'),
      schema: { tags, body: createHubPageRequestSchema, response: { 201: hubPageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await hubPages.create(requireCaller(request), request.body)),
  );

  app.get(
    `${base}:id/`,
    {
      preValidation: permitted('event:read'),
      schema: { tags, params: idParams, response: { 200: hubPageSchema } },
    },
    async (request) => hubPages.get(requireCaller(request), request.params.id),
  );

  app.patch(
    `${base}:id/`,
    {
      preValidation: permitted('event:update', visible),
      schema: { tags, params: idParams, body: updateHubPageRequestSchema, response: { 200: hubPageSchema } },
    },
    async (request) => hubPages.update(requireCaller(request), request.params.id, request.body),
  );

  app.post(
    `${base}:id/duplicate/`,
    {
      preValidation: permitted('event:create', visible),
      schema: {
        tags,
        params: idParams,
        body: duplicateHubPageRequestSchema.optional(),
        response: { 201: hubPageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await hubPages.duplicate(requireCaller(request), request.params.id, request.body ?? {})),
  );

  app.delete(
    `${base}:id/`,
    { preValidation: permitted('event:delete'), schema: { tags, params: idParams } },
    async (request, reply) => {
      await hubPages.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
