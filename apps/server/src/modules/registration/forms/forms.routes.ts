import {
  createRegistrationFormSchema,
  registrationFormListQuerySchema,
  registrationFormPageSchema,
  registrationFormSchema,
  REGISTRATION_FORMS_PAGE_SIZE,
  updateRegistrationFormSchema,
} from '@studio/domain';
import type { HttpServer } from '../../../platform/http/server.ts';
import { guard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { RegistrationFormsService } from './forms.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['registration'];

/** Issue 16 §1: forms `GET|POST /api/event/forms/`, `GET|PUT|DELETE /api/event/forms/{id}/`. */
export function registerRegistrationFormsRoutes(
  app: HttpServer,
  service: RegistrationFormsService,
  publicUrl: string,
): void {
  const route = routesOf(app, tags);
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/forms/',
    tags,
    part: registrationFormSchema,
    list: {
      query: registrationFormListQuerySchema,
      page: registrationFormPageSchema,
      pageSize: REGISTRATION_FORMS_PAGE_SIZE,
      answer: (caller, query, page) => service.list(caller, query, page),
    },
    create: { body: createRegistrationFormSchema, answer: (caller, body) => service.create(caller, body) },
    get: (caller, id) => service.get(caller, id),
    delete: (caller, id) => service.delete(caller, id),
  });

  // A form is replaced whole (PUT), on the form the guard loaded.
  const editable = guard({
    permission: 'event:update',
    load: (member, id) => service.findEditable(member, id),
  });
  route.put(
    '/api/event/forms/:id/',
    editable,
    { params: idParams, body: updateRegistrationFormSchema, answer: registrationFormSchema },
    (input) => service.update(input, input.body),
  );
}
