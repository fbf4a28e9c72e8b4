import {
  createTagRequestSchema,
  pageSchema,
  renameTagRequestSchema,
  TAGS_PAGE_SIZE,
  tagListQuerySchema,
  tagSchema,
} from '@studio/domain';
import { guard } from '../../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { TagsService } from './tags.service.ts';

const eventReaders = guard({ permission: 'event:read' });
const eventEditors = guard({ permission: 'event:update' });

const tags = ['tags'];

/** Spec 001 §7 "Tags": GET (organization), POST (organization, tag_name), PATCH (tag_name), DELETE. */
export function registerTagsRoutes(app: HttpServer, service: TagsService, publicUrl: string): void {
  app.get(
    '/api/core/tags/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: tagListQuerySchema, response: { 200: pageSchema(tagSchema) } },
    },
    async (request) => {
      const page = pageRequest(request.query, TAGS_PAGE_SIZE);
      const { count, results } = await service.list(eventReaders.of(request).caller, request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/core/tags/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, body: createTagRequestSchema, response: { 201: tagSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(eventEditors.of(request).caller, request.body)),
  );

  app.get(
    '/api/core/tags/:id/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, params: idParams, response: { 200: tagSchema } },
    },
    async (request) => service.get(eventReaders.of(request).caller, request.params.id),
  );

  /** The tag of the path, loaded once with the caller's scope, both handed to the service. */
  const editable = guard({
    permission: 'event:update',
    scope: (member) => service.scopeFor(member),
    load: (scope, id) => service.findVisible(scope, id),
  });
  app.patch(
    '/api/core/tags/:id/',
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: renameTagRequestSchema, response: { 200: tagSchema } },
    },
    async (request) => service.rename(editable.of(request), request.body.tag_name),
  );

  app.delete(
    '/api/core/tags/:id/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, params: idParams },
    },
    async (request, reply) => {
      await service.delete(eventEditors.of(request).caller, request.params.id);
      return reply.status(204).send();
    },
  );
}
