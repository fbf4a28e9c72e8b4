import {
  createEventFromTemplateRequestSchema,
  createTemplateFromEventRequestSchema,
  createTemplateRequestSchema,
  duplicateTemplateRequestSchema,
  eventSchema,
  pageSchema,
  TEMPLATES_PAGE_SIZE,
  templateListQuerySchema,
  templateDetailSchema,
  templateSchema,
  updateTemplateRequestSchema,
} from '@studio/domain';
import { itemGuard } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { eventCreators, PATCH_PERMISSIONS } from '../route-support.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { TemplatesService } from './templates.service.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['templates'];
const base = '/api/event/studio-templates/';

/** Spec 001 §7 "Templates": list, create, create from event, get, update, delete, duplicate; events from a template. */
export function registerTemplatesRoutes(
  app: HttpServer,
  templates: TemplatesService,
  publicUrl: string,
): void {
  registerResourceRoutes(app, publicUrl, {
    path: base,
    tags,
    rights: { read: 'event:read', change: PATCH_PERMISSIONS, create: 'event:create', delete: 'event:delete' },
    part: templateSchema,
    answers: { get: templateDetailSchema, update: templateDetailSchema },
    list: {
      query: templateListQuerySchema,
      page: pageSchema(templateSchema),
      pageSize: TEMPLATES_PAGE_SIZE,
      answer: (caller, query, page) => templates.list(caller, query, page),
    },
    create: { body: createTemplateRequestSchema, answer: (caller, body) => templates.create(caller, body) },
    get: (caller, id) => templates.get(caller, id),
    update: {
      body: updateTemplateRequestSchema,
      guard: itemGuard(templates, PATCH_PERMISSIONS),
      answer: (object, body, scope) => templates.update({ scope, object }, body),
    },
    delete: (caller, id) => templates.delete(caller, id),
  });

  const route = routesOf(app, tags);
  const copyable = itemGuard(templates, 'event:create');
  route.post(
    `${base}create_from_event/`,
    eventCreators,
    { body: createTemplateFromEventRequestSchema, answer: templateSchema, status: 201 },
    ({ caller, body }) => templates.createFromEvent(caller, body),
  );

  route.post(
    `${base}:id/duplicate/`,
    copyable,
    {
      params: idParams,
      body: duplicateTemplateRequestSchema.optional(),
      answer: templateSchema,
      status: 201,
    },
    (input) => templates.duplicate(input, input.body ?? {}),
  );

  route.post(
    `${base}:id/create_event/`,
    copyable,
    { params: idParams, body: createEventFromTemplateRequestSchema, answer: eventSchema, status: 201 },
    ({ caller, params, body }) => templates.createEvent(caller, params.id, body),
  );
}
