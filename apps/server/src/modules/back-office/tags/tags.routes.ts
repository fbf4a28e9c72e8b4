import {
  createTagRequestSchema,
  pageSchema,
  renameTagRequestSchema,
  TAGS_PAGE_SIZE,
  tagListQuerySchema,
  tagSchema,
} from '@studio/domain';
import { itemGuard } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import { registerEventPartRoutes } from '../event-part-routes.ts';
import type { TagsService } from './tags.service.ts';

const tags = ['tags'];

/** Spec 001 §7 "Tags": GET (organization), POST (organization, tag_name), PATCH (tag_name), DELETE. */
export function registerTagsRoutes(app: HttpServer, service: TagsService, publicUrl: string): void {
  registerEventPartRoutes(app, publicUrl, {
    path: '/api/core/tags/',
    tags,
    part: tagSchema,
    list: {
      query: tagListQuerySchema,
      page: pageSchema(tagSchema),
      pageSize: () => TAGS_PAGE_SIZE,
      answer: (caller, query, page) => service.list(caller, query, page),
    },
    create: { body: createTagRequestSchema, answer: (caller, body) => service.create(caller, body) },
    get: (caller, id) => service.get(caller, id),
    delete: (caller, id) => service.delete(caller, id),
  });

  const editable = itemGuard(service, 'event:update');
  app.patch(
    '/api/core/tags/:id/',
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: renameTagRequestSchema, response: { 200: tagSchema } },
    },
    async (request) => service.rename(editable.of(request), request.body.tag_name),
  );
}
