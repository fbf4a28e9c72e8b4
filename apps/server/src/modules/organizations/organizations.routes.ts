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
import { routesOf } from '../../platform/http/route-kit.ts';

// A malformed id cannot name any organisation: answer 404 like any other unknown id.
const idParams = z.object({ id: z.string() });

export function registerOrganizationsRoutes(app: HttpServer, organizations: OrganizationsService): void {
  const route = routesOf(app, ['organizations']);
  route.post(
    '/api/core/organization/',
    signedIn,
    { body: createOrganizationRequestSchema, answer: organizationDetailSchema, status: 201 },
    ({ caller, body }) => organizations.create(caller, body.name),
  );

  route.get(
    '/api/core/organization/:id/',
    signedIn,
    { params: idParams, answer: organizationDetailSchema },
    (input) => {
      const caller = input.caller;
      if (!isUuid(input.params.id)) throw notFound();
      return organizations.get(caller, input.params.id);
    },
  );

  // PUT takes a partial body too: the client sends the organisation back whole (its flags ignored).
  for (const [declare, schema] of [
    [route.patch, updateOrganizationRequestSchema],
    [route.put, replaceOrganizationRequestSchema],
  ] as const)
    declare(
      '/api/core/organization/:id/',
      signedIn,
      { params: idParams, body: schema, answer: organizationDetailSchema },
      ({ caller, params, body }) => {
        if (!isUuid(params.id)) throw notFound();
        return organizations.update(caller, params.id, body);
      },
    );
}
