import {
  createEmailTemplateSchema,
  emailTemplatePageSchema,
  emailTemplateSchema,
  emailTemplatesQuerySchema,
  updateEmailTemplateSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';

const tags = ['email templates'];
const PATH = '/api/event/email_templates/';
const PAGE_SIZE = 50;

/**
 * 001 §7 "Email templates by context (event, event_template, series)": the spec names no paths, so
 * they follow the API's: `GET|POST /api/event/email_templates/` (`?event=`, `?event_template=` or
 * `?series=`), `GET|PATCH|DELETE …/{id}/`, `POST …/{id}/duplicate/`. Reads with event:read,
 * writes with event:update; another organisation's template or context answers 404.
 */
export function registerEmailTemplatesRoutes(
  app: HttpServer,
  templates: EmailTemplatesService,
  publicUrl: string,
): void {
  const reads = guard({ permission: 'event:read' });
  const writes = guard({ permission: 'event:update' });
  const readable = guard({
    permission: 'event:read',
    load: (caller, id) => templates.visibleTemplate(caller, id, 'read'),
  });
  const editable = guard({
    permission: 'event:update',
    load: (caller, id) => templates.visibleTemplate(caller, id, 'update'),
  });

  app.get(
    PATH,
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: emailTemplatesQuerySchema, response: { 200: emailTemplatePageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, PAGE_SIZE);
      const { count, results } = await templates.list(reads.of(request).caller, request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    PATH,
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createEmailTemplateSchema, response: { 201: emailTemplateSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.create(writes.of(request).caller, request.body)),
  );

  app.get(
    `${PATH}:id/`,
    {
      preValidation: readable.preValidation,
      schema: { tags, params: idParams, response: { 200: emailTemplateSchema } },
    },
    (request) => templates.get(readable.of(request).object),
  );

  app.patch(
    `${PATH}:id/`,
    {
      preValidation: editable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateEmailTemplateSchema,
        response: { 200: emailTemplateSchema },
      },
    },
    async (request) => templates.update(editable.of(request).object, request.body),
  );

  app.delete(
    `${PATH}:id/`,
    { preValidation: editable.preValidation, schema: { tags, params: idParams } },
    async (request, reply) => {
      await templates.delete(editable.of(request).object);
      return reply.status(204).send();
    },
  );

  app.post(
    `${PATH}:id/duplicate/`,
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, response: { 201: emailTemplateSchema } },
    },
    async (request, reply) => {
      const { caller, object } = editable.of(request);
      return reply.status(201).send(await templates.duplicate(caller, object));
    },
  );
}
