import { z } from 'zod';
import { createOrganizationRequestSchema, organizationSchema } from '@studio/domain';
import { requireCaller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { OrganizationsService } from './organizations.service.ts';

// A malformed id cannot name any organisation: answer 404 like any other unknown id.
const idParams = z.object({ id: z.string() });
const isUuid = (value: string) => z.uuid().safeParse(value).success;

export function registerOrganizationsRoutes(app: HttpServer, organizations: OrganizationsService): void {
  app.post(
    '/api/core/organization/',
    { schema: { tags: ['organizations'], body: createOrganizationRequestSchema, response: { 201: organizationSchema } } },
    async (request, reply) => reply.status(201).send(await organizations.create(requireCaller(request), request.body.name)),
  );

  app.get(
    '/api/core/organization/:id/',
    { schema: { tags: ['organizations'], params: idParams, response: { 200: organizationSchema } } },
    async (request) => {
      const caller = requireCaller(request);
      if (!isUuid(request.params.id)) throw notFound();
      return organizations.get(caller, request.params.id);
    },
  );
}
