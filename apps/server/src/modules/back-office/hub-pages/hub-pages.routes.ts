import {
  createHubPageRequestSchema,
  duplicateHubPageRequestSchema,
  HUB_PAGES_PAGE_SIZE,
  hubPageListQuerySchema,
  hubPageSchema,
  pageSchema,
  updateHubPageRequestSchema,
} from '@studio/domain';
import { itemGuard } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { HubPagesService } from './hub-pages.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';

const tags = ['hub pages'];
const base = '/api/event/hub-pages/';

/** Spec 001 §7 "Hub pages": list, get, create, duplicate, update, delete. */
export function registerHubPagesRoutes(app: HttpServer, hubPages: HubPagesService, publicUrl: string): void {
  registerResourceRoutes(app, publicUrl, {
    path: base,
    tags,
    rights: { read: 'event:read', change: 'event:update', create: 'event:create', delete: 'event:delete' },
    part: hubPageSchema,
    list: {
      query: hubPageListQuerySchema,
      page: pageSchema(hubPageSchema),
      pageSize: HUB_PAGES_PAGE_SIZE,
      answer: (caller, query, page) => hubPages.list(caller, query, page),
    },
    create: { body: createHubPageRequestSchema, answer: (caller, body) => hubPages.create(caller, body) },
    get: (caller, id) => hubPages.get(caller, id),
    update: {
      body: updateHubPageRequestSchema,
      guard: itemGuard(hubPages, 'event:update'),
      answer: (object, body, scope) => hubPages.update({ scope, object }, body),
    },
    delete: (caller, id) => hubPages.delete(caller, id),
  });

  routesOf(app, tags).post(
    `${base}:id/duplicate/`,
    itemGuard(hubPages, 'event:create'),
    { params: idParams, body: duplicateHubPageRequestSchema.optional(), answer: hubPageSchema, status: 201 },
    (input) => hubPages.duplicate(input, input.body ?? {}),
  );
}
