import {
  createEmailTemplateSchema,
  emailTemplatePageSchema,
  emailTemplateSchema,
  emailTemplatesQuerySchema,
  updateEmailTemplateSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

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
  const route = routesOf(app, tags, publicUrl);
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

  route.list(
    PATH,
    reads,
    { query: emailTemplatesQuerySchema, answer: emailTemplatePageSchema, pageSize: PAGE_SIZE },
    ({ caller, query, page }) => templates.list(caller, query, page),
  );

  route.post(
    PATH,
    writes,
    { body: createEmailTemplateSchema, answer: emailTemplateSchema, status: 201 },
    ({ caller, body }) => templates.create(caller, body),
  );

  route.get(`${PATH}:id/`, readable, { params: idParams, answer: emailTemplateSchema }, ({ object }) =>
    templates.get(object),
  );

  route.patch(
    `${PATH}:id/`,
    editable,
    { params: idParams, body: updateEmailTemplateSchema, answer: emailTemplateSchema },
    ({ object, body }) => templates.update(object, body),
  );

  route.delete(`${PATH}:id/`, editable, { params: idParams, status: 204 }, ({ object }) =>
    templates.delete(object),
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
