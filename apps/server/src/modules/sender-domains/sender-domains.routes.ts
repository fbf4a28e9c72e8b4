import {
  createVanityEmailDomainRequestSchema,
  vanityEmailDomainListQuerySchema,
  vanityEmailDomainSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { SenderDomainsService } from './sender-domains.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['email sender'];
const PATH = '/api/core/vanity_email_domains/';

/** The organisation's custom email sender (spec 002 §7.5): organisation settings, so admins. */
export function registerSenderDomainsRoutes(app: HttpServer, senders: SenderDomainsService): void {
  const route = routesOf(app, tags);
  const settings = guard({ permission: 'organization:update' });
  const sender = guard({ permission: 'organization:update', load: senders.find });

  route.get(
    PATH,
    settings,
    { query: vanityEmailDomainListQuerySchema, answer: z.array(vanityEmailDomainSchema) },
    ({ caller, query }) => senders.list(caller, query.organization),
  );

  route.post(
    PATH,
    settings,
    { body: createVanityEmailDomainRequestSchema, answer: vanityEmailDomainSchema, status: 201 },
    ({ caller, body }) => senders.create(caller, body.organization, body.email_sender),
  );

  route.get(`${PATH}:id/`, sender, { params: idParams, answer: vanityEmailDomainSchema }, ({ object }) =>
    senders.get(object),
  );

  route.post(
    `${PATH}:id/verify/`,
    sender,
    { params: idParams, answer: vanityEmailDomainSchema },
    ({ object }) => senders.verify(object),
  );

  route.delete(`${PATH}:id/`, sender, { params: idParams, status: 204 }, ({ object }) =>
    senders.remove(object),
  );
}
