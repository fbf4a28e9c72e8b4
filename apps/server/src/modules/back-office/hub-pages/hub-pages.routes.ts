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
import { eventReaders, eventCreators, eventDeleters } from '../route-support.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { HubPagesService } from './hub-pages.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['hub pages'];
const base = '/api/event/hub-pages/';

/** Spec 001 §7 "Hub pages": list, get, create, duplicate, update, delete. */
export function registerHubPagesRoutes(app: HttpServer, hubPages: HubPagesService, publicUrl: string): void {
  const route = routesOf(app, tags, publicUrl);
  const editable = itemGuard(hubPages, 'event:update');
  const duplicable = itemGuard(hubPages, 'event:create');
  route.list(
    base,
    eventReaders,
    { query: hubPageListQuerySchema, answer: pageSchema(hubPageSchema), pageSize: HUB_PAGES_PAGE_SIZE },
    ({ caller, query, page }) => hubPages.list(caller, query, page),
  );

  route.post(
    base,
    eventCreators,
    { body: createHubPageRequestSchema, answer: hubPageSchema, status: 201 },
    ({ caller, body }) => hubPages.create(caller, body),
  );

  route.get(`${base}:id/`, eventReaders, { params: idParams, answer: hubPageSchema }, ({ caller, params }) =>
    hubPages.get(caller, params.id),
  );

  route.patch(
    `${base}:id/`,
    editable,
    { params: idParams, body: updateHubPageRequestSchema, answer: hubPageSchema },
    (input) => hubPages.update(input, input.body),
  );

  route.post(
    `${base}:id/duplicate/`,
    duplicable,
    { params: idParams, body: duplicateHubPageRequestSchema.optional(), answer: hubPageSchema, status: 201 },
    (input) => hubPages.duplicate(input, input.body ?? {}),
  );

  route.delete(`${base}:id/`, eventDeleters, { params: idParams, status: 204 }, ({ caller, params }) =>
    hubPages.delete(caller, params.id),
  );
}
