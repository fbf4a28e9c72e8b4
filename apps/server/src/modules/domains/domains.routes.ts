import {
  addRegistrationDomainRequestSchema,
  pageQuerySchema,
  pageSchema,
  registrationDomainSchema,
  REGISTRATION_DOMAINS_PAGE_SIZE,
  updateRegistrationDomainRequestSchema,
} from '@studio/domain';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import { guard } from '../../platform/http/guard.ts';
import { pagedAnswer } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { DomainsService } from './domains.service.ts';
import { noContent } from '../../platform/http/route-support.ts';

const tags = ['domains'];
const organizationParams = z.object({ id: z.string() });
const domainParams = z.object({ id: z.string(), domainId: z.string() });
const DOMAINS_PATH = '/api/core/organization/:id/domains/';

/** The organisation's custom domains: organisation settings, so `organization:update` (admins). */
export function registerDomainsRoutes(app: HttpServer, domains: DomainsService, publicUrl: string): void {
  // Another organisation's id answers 404 before the body is looked at.
  const settings = guard({
    permission: 'organization:update',
    load: (caller, id) => Promise.resolve(caller.organizationId === id ? id : undefined),
  });

  app.get(
    DOMAINS_PATH,
    {
      preValidation: settings.preValidation,
      schema: {
        tags,
        params: organizationParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(registrationDomainSchema) },
      },
    },
    pagedAnswer(publicUrl, REGISTRATION_DOMAINS_PAGE_SIZE, (request, page) =>
      domains.list(settings.of(request).caller, request.params.id, page),
    ),
  );

  app.post(
    DOMAINS_PATH,
    {
      preValidation: settings.preValidation,
      schema: {
        tags,
        params: organizationParams,
        body: addRegistrationDomainRequestSchema,
        response: { 201: registrationDomainSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await domains.add(settings.of(request).caller, request.params.id, request.body.domain)),
  );

  app.post(
    `${DOMAINS_PATH}:domainId/verify/`,
    {
      preValidation: settings.preValidation,
      schema: { tags, params: domainParams, response: { 200: registrationDomainSchema } },
    },
    async (request) =>
      domains.verify(settings.of(request).caller, request.params.id, request.params.domainId),
  );

  app.patch(
    `${DOMAINS_PATH}:domainId/`,
    {
      preValidation: settings.preValidation,
      schema: {
        tags,
        params: domainParams,
        body: updateRegistrationDomainRequestSchema,
        response: { 200: registrationDomainSchema },
      },
    },
    async (request) =>
      domains.update(
        settings.of(request).caller,
        request.params.id,
        request.params.domainId,
        request.body.is_default,
      ),
  );

  app.delete(
    `${DOMAINS_PATH}:domainId/`,
    { preValidation: settings.preValidation, schema: { tags, params: domainParams } },
    noContent((request) =>
      domains.remove(settings.of(request).caller, request.params.id, request.params.domainId),
    ),
  );

  // The TLS proxy's question before it requests a certificate (Caddy's on_demand_tls `ask`):
  // 200 for a verified domain, 404 for any other name.
  app.get(
    '/api/public/domains/allowed',
    {
      schema: {
        tags,
        security: [],
        querystring: z.object({ domain: z.string().max(253) }),
        response: { 200: z.object({ domain: z.string() }) },
      },
    },
    async (request) => {
      if ((await domains.organizationOfHost(request.query.domain)) === undefined) throw notFound();
      return { domain: request.query.domain };
    },
  );
}
