import {
  createHubPageRequestSchema,
  duplicateHubPageRequestSchema,
  HUB_PAGES_PAGE_SIZE,
  hubPageListQuerySchema,
  hubPageSchema,
  pageSchema,
  updateHubPageRequestSchema,
} from '@studio/domain';
import { guard, itemGuard } from '../../../platform/http/guard.ts';
import { pagedAnswer } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { created, idParams, noContent } from '../../../platform/http/route-support.ts';
import type { HubPagesService } from './hub-pages.service.ts';

const eventReaders = guard({ permission: 'event:read' });
const eventCreators = guard({ permission: 'event:create' });
const eventDeleters = guard({ permission: 'event:delete' });

const tags = ['hub pages'];
const base = '/api/event/hub-pages/';

/** Spec 001 §7 "Hub pages": list, get, create, duplicate, update, delete. */
export function registerHubPagesRoutes(app: HttpServer, hubPages: HubPagesService, publicUrl: string): void {
  const editable = itemGuard(hubPages, 'event:update');
  const duplicable = itemGuard(hubPages, 'event:create');
  app.get(
    base,
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: hubPageListQuerySchema, response: { 200: pageSchema(hubPageSchema) } },
    },
    pagedAnswer(publicUrl, HUB_PAGES_PAGE_SIZE, (request, page) =>
      hubPages.list(eventReaders.of(request).caller, request.query, page),
    ),
  );

  app.post(
    base,
    {
      preValidation: eventCreators.preValidation,
      schema: { tags, body: createHubPageRequestSchema, response: { 201: hubPageSchema } },
    },
    created((request) => hubPages.create(eventCreators.of(request).caller, request.body)),
  );

  app.get(
    `${base}:id/`,
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, params: idParams, response: { 200: hubPageSchema } },
    },
    async (request) => hubPages.get(eventReaders.of(request).caller, request.params.id),
  );

  app.patch(
    `${base}:id/`,
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: updateHubPageRequestSchema, response: { 200: hubPageSchema } },
    },
    async (request) => hubPages.update(editable.of(request), request.body),
  );

  app.post(
    `${base}:id/duplicate/`,
    {
      preValidation: duplicable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: duplicateHubPageRequestSchema.optional(),
        response: { 201: hubPageSchema },
      },
    },
    created((request) => hubPages.duplicate(duplicable.of(request), request.body ?? {})),
  );

  app.delete(
    `${base}:id/`,
    {
      preValidation: eventDeleters.preValidation,
      schema: { tags, params: idParams },
    },
    noContent((request) => hubPages.delete(eventDeleters.of(request).caller, request.params.id)),
  );
}
