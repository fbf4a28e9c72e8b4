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
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { TagsService } from './tags.service.ts';

const tags = ['tags'];

/** Spec 001 §7 "Tags": GET (organization), POST (organization, tag_name), PATCH (tag_name), DELETE. */
export function registerTagsRoutes(app: HttpServer, service: TagsService, publicUrl: string): void {
  registerResourceRoutes(app, publicUrl, {
    path: '/api/core/tags/',
    tags,
    part: tagSchema,
    list: {
      query: tagListQuerySchema,
      page: pageSchema(tagSchema),
      pageSize: TAGS_PAGE_SIZE,
      answer: (caller, query, page) => service.list(caller, query, page),
    },
    create: { body: createTagRequestSchema, answer: (caller, body) => service.create(caller, body) },
    get: (caller, id) => service.get(caller, id),
    update: {
      body: renameTagRequestSchema,
      guard: itemGuard(service, 'event:update'),
      answer: (tag, body, scope) => service.rename({ scope, object: tag }, body.tag_name),
    },
    delete: (caller, id) => service.delete(caller, id),
  });
}
