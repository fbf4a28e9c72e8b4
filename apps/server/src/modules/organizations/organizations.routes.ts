import { z } from 'zod';
import {
  createOrganizationRequestSchema,
  organizationDetailSchema,
  replaceOrganizationRequestSchema,
  updateOrganizationRequestSchema,
} from '@studio/domain';
import { signedIn } from '../../platform/http/access-rules.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { OrganizationsService } from './organizations.service.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { created } from '../../platform/http/route-support.ts';

// A malformed id cannot name any organisation: answer 404 like any other unknown id.
const idParams = z.object({ id: z.string() });

export function registerOrganizationsRoutes(app: HttpServer, organizations: OrganizationsService): void {
  app.post(
    '/api/core/organization/',
    {
      preValidation: signedIn.preValidation,
      schema: {
        tags: ['organizations'],
        body: createOrganizationRequestSchema,
        response: { 201: organizationDetailSchema },
      },
    },
    created((request) => organizations.create(signedIn.of(request).caller, request.body.name)),
  );

  app.get(
    '/api/core/organization/:id/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags: ['organizations'], params: idParams, response: { 200: organizationDetailSchema } },
    },
    async (request) => {
      const caller = signedIn.of(request).caller;
      if (!isUuid(request.params.id)) throw notFound();
      return organizations.get(caller, request.params.id);
    },
  );

  // PUT takes a partial body too: the client sends the organisation back whole (its flags ignored).
  for (const [method, body] of [
    ['PATCH', updateOrganizationRequestSchema],
    ['PUT', replaceOrganizationRequestSchema],
  ] as const) {
    app.route({
      method,
      url: '/api/core/organization/:id/',
      preValidation: signedIn.preValidation,
      schema: {
        tags: ['organizations'],
        params: idParams,
        body,
        response: { 200: organizationDetailSchema },
      },
      handler: async (request) => {
        const caller = signedIn.of(request).caller;
        if (!isUuid(request.params.id)) throw notFound();
        return organizations.update(caller, request.params.id, request.body);
      },
    });
  }
}
