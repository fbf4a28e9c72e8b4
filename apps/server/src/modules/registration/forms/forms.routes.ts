import {
  createRegistrationFormSchema,
  registrationFormListQuerySchema,
  registrationFormPageSchema,
  registrationFormSchema,
  REGISTRATION_FORMS_PAGE_SIZE,
  updateRegistrationFormSchema,
} from '@studio/domain';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { guard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { RegistrationFormsService } from './forms.service.ts';

const eventReaders = guard({ permission: 'event:read' });
const eventEditors = guard({ permission: 'event:update' });

const tags = ['registration'];

/** Issue 16 §1: forms `GET|POST /api/event/forms/`, `GET|PUT|DELETE /api/event/forms/{id}/`. */
export function registerRegistrationFormsRoutes(
  app: HttpServer,
  service: RegistrationFormsService,
  publicUrl: string,
): void {
  const editable = guard({
    permission: 'event:update',
    load: (member, id) => service.findEditable(member, id),
  });

  app.get(
    '/api/event/forms/',
    {
      preValidation: eventReaders.preValidation,
      schema: {
        tags,
        querystring: registrationFormListQuerySchema,
        response: { 200: registrationFormPageSchema },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, REGISTRATION_FORMS_PAGE_SIZE);
      const { count, results } = await service.list(eventReaders.of(request).caller, request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/forms/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, body: createRegistrationFormSchema, response: { 201: registrationFormSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(eventEditors.of(request).caller, request.body)),
  );

  app.get(
    '/api/event/forms/:id/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, params: idParams, response: { 200: registrationFormSchema } },
    },
    async (request) => service.get(eventReaders.of(request).caller, request.params.id),
  );

  app.put(
    '/api/event/forms/:id/',
    {
      preValidation: editable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateRegistrationFormSchema,
        response: { 200: registrationFormSchema },
      },
    },
    async (request) => service.update(editable.of(request), request.body),
  );

  app.delete(
    '/api/event/forms/:id/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, params: idParams },
    },
    async (request, reply) => {
      await service.delete(eventEditors.of(request).caller, request.params.id);
      return reply.status(204).send();
    },
  );
}
