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
import { eventReaders, eventCreators, eventDeleters, PATCH_PERMISSIONS } from '../route-support.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { TemplatesService } from './templates.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['templates'];
const base = '/api/event/studio-templates/';

/** Spec 001 §7 "Templates": list, create, create from event, get, update, delete, duplicate; events from a template. */
export function registerTemplatesRoutes(
  app: HttpServer,
  templates: TemplatesService,
  publicUrl: string,
): void {
  const route = routesOf(app, tags, publicUrl);
  const editable = itemGuard(templates, PATCH_PERMISSIONS);
  const copyable = itemGuard(templates, 'event:create');
  route.list(
    base,
    eventReaders,
    { query: templateListQuerySchema, answer: pageSchema(templateSchema), pageSize: TEMPLATES_PAGE_SIZE },
    ({ caller, query, page }) => templates.list(caller, query, page),
  );

  route.post(
    base,
    eventCreators,
    { body: createTemplateRequestSchema, answer: templateSchema, status: 201 },
    ({ caller, body }) => templates.create(caller, body),
  );

  route.post(
    `${base}create_from_event/`,
    eventCreators,
    { body: createTemplateFromEventRequestSchema, answer: templateSchema, status: 201 },
    ({ caller, body }) => templates.createFromEvent(caller, body),
  );

  route.get(
    `${base}:id/`,
    eventReaders,
    { params: idParams, answer: templateDetailSchema },
    ({ caller, params }) => templates.get(caller, params.id),
  );

  route.patch(
    `${base}:id/`,
    editable,
    { params: idParams, body: updateTemplateRequestSchema, answer: templateDetailSchema },
    (input) => templates.update(input, input.body),
  );

  route.delete(`${base}:id/`, eventDeleters, { params: idParams, status: 204 }, ({ caller, params }) =>
    templates.delete(caller, params.id),
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
