import {
  createEmailTemplateSchema,
  emailTemplatePageSchema,
  emailTemplateSchema,
  emailTemplatesQuerySchema,
  updateEmailTemplateSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
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
  const readable = guard({
    permission: 'event:read',
    load: (caller, id) => templates.visibleTemplate(caller, id, 'read'),
  });
  const editable = guard({
    permission: 'event:update',
    load: (caller, id) => templates.visibleTemplate(caller, id, 'update'),
  });

  registerResourceRoutes(app, publicUrl, {
    path: PATH,
    tags,
    part: emailTemplateSchema,
    list: {
      query: emailTemplatesQuerySchema,
      page: emailTemplatePageSchema,
      pageSize: PAGE_SIZE,
      answer: (caller, query, page) => templates.list(caller, query, page),
    },
    create: { body: createEmailTemplateSchema, answer: (caller, body) => templates.create(caller, body) },
    get: { guard: readable, answer: (loaded) => templates.get(loaded) },
    update: {
      body: updateEmailTemplateSchema,
      guard: editable,
      answer: (loaded, body) => templates.update(loaded, body),
    },
    delete: { guard: editable, answer: (loaded) => templates.delete(loaded) },
  });

  route.post(
    `${PATH}:id/duplicate/`,
    editable,
    { params: idParams, answer: emailTemplateSchema, status: 201 },
    ({ caller, object }) => templates.duplicate(caller, object),
  );
}
