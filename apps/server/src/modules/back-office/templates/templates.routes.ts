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
import { guard, itemGuard } from '../../../platform/http/guard.ts';
import { pagedAnswer } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { PATCH_PERMISSIONS } from '../route-support.ts';
import { created, idParams, noContent } from '../../../platform/http/route-support.ts';
import type { TemplatesService } from './templates.service.ts';

const eventReaders = guard({ permission: 'event:read' });
const eventCreators = guard({ permission: 'event:create' });
const eventDeleters = guard({ permission: 'event:delete' });

const tags = ['templates'];
const base = '/api/event/studio-templates/';

/** Spec 001 §7 "Templates": list, create, create from event, get, update, delete, duplicate; events from a template. */
export function registerTemplatesRoutes(
  app: HttpServer,
  templates: TemplatesService,
  publicUrl: string,
): void {
  const editable = itemGuard(templates, PATCH_PERMISSIONS);
  const copyable = itemGuard(templates, 'event:create');
  app.get(
    base,
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: templateListQuerySchema, response: { 200: pageSchema(templateSchema) } },
    },
    pagedAnswer(publicUrl, TEMPLATES_PAGE_SIZE, (request, page) =>
      templates.list(eventReaders.of(request).caller, request.query, page),
    ),
  );

  app.post(
    base,
    {
      preValidation: eventCreators.preValidation,
      schema: { tags, body: createTemplateRequestSchema, response: { 201: templateSchema } },
    },
    created((request) => templates.create(eventCreators.of(request).caller, request.body)),
  );

  app.post(
    `${base}create_from_event/`,
    {
      preValidation: eventCreators.preValidation,
      schema: { tags, body: createTemplateFromEventRequestSchema, response: { 201: templateSchema } },
    },
    created((request) => templates.createFromEvent(eventCreators.of(request).caller, request.body)),
  );

  app.get(
    `${base}:id/`,
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, params: idParams, response: { 200: templateDetailSchema } },
    },
    async (request) => templates.get(eventReaders.of(request).caller, request.params.id),
  );

  app.patch(
    `${base}:id/`,
    {
      preValidation: editable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateTemplateRequestSchema,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => templates.update(editable.of(request), request.body),
  );

  app.delete(
    `${base}:id/`,
    {
      preValidation: eventDeleters.preValidation,
      schema: { tags, params: idParams },
    },
    noContent((request) => templates.delete(eventDeleters.of(request).caller, request.params.id)),
  );

  app.post(
    `${base}:id/duplicate/`,
    {
      preValidation: copyable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: duplicateTemplateRequestSchema.optional(),
        response: { 201: templateSchema },
      },
    },
    created((request) => templates.duplicate(copyable.of(request), request.body ?? {})),
  );

  app.post(
    `${base}:id/create_event/`,
    {
      preValidation: copyable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: createEventFromTemplateRequestSchema,
        response: { 201: eventSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await templates.createEvent(copyable.of(request).caller, request.params.id, request.body)),
  );
}
