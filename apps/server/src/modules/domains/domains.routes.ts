import {
  addRegistrationDomainRequestSchema,
  pageQuerySchema,
  pageSchema,
  registrationDomainSchema,
  REGISTRATION_DOMAINS_PAGE_SIZE,
  updateRegistrationDomainRequestSchema,
} from '@studio/domain';
import { z } from 'zod';
import { ownOrganization } from '../../platform/http/access-rules.ts';
import { notFound } from '../../platform/http/errors.ts';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { DomainsService } from './domains.service.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

const tags = ['domains'];
const organizationParams = z.object({ id: z.string() });
const domainParams = z.object({ id: z.string(), domainId: z.string() });
const DOMAINS_PATH = '/api/core/organization/:id/domains/';

/** The organisation's custom domains: organisation settings, so `organization:update` (admins). */
export function registerDomainsRoutes(app: HttpServer, domains: DomainsService, publicUrl: string): void {
  const route = routesOf(app, tags, publicUrl);
  // Another organisation's id answers 404 before the body is looked at.
  const settings = guard({ permission: 'organization:update', load: ownOrganization });

  route.list(
    DOMAINS_PATH,
    settings,
    {
      params: organizationParams,
      query: pageQuerySchema,
      answer: pageSchema(registrationDomainSchema),
      pageSize: REGISTRATION_DOMAINS_PAGE_SIZE,
    },
    ({ object, page }) => domains.list(object, page),
  );

  route.post(
    DOMAINS_PATH,
    settings,
    {
      params: organizationParams,
      body: addRegistrationDomainRequestSchema,
      answer: registrationDomainSchema,
      status: 201,
    },
    ({ object, body }) => domains.add(object, body.domain),
  );

  route.post(
    `${DOMAINS_PATH}:domainId/verify/`,
    settings,
    { params: domainParams, answer: registrationDomainSchema },
    ({ object, params }) => domains.verify(object, params.domainId),
  );

  route.patch(
    `${DOMAINS_PATH}:domainId/`,
    settings,
    { params: domainParams, body: updateRegistrationDomainRequestSchema, answer: registrationDomainSchema },
    ({ object, params, body }) => domains.update(object, params.domainId, body.is_default),
  );

  route.delete(
    `${DOMAINS_PATH}:domainId/`,
    settings,
    { params: domainParams, status: 204 },
    ({ object, params }) => domains.remove(object, params.domainId),
  );

  // The TLS proxy's question before it requests a certificate (Caddy's on_demand_tls `ask`):
  // 200 for a verified domain, 404 for any other name.
  publicRoutesOf(app, tags).get(
    '/api/public/domains/allowed',
    { query: z.object({ domain: z.string().max(253) }), answer: z.object({ domain: z.string() }) },
    async ({ query }) => {
      if ((await domains.organizationOfHost(query.domain)) === undefined) throw notFound();
      return { domain: query.domain };
    },
  );
}
