import {
  createVanityEmailDomainRequestSchema,
  vanityEmailDomainListQuerySchema,
  vanityEmailDomainSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import { idParams, noContent } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { SenderDomainsService } from './sender-domains.service.ts';

const tags = ['email sender'];
const PATH = '/api/core/vanity_email_domains/';

/** The organisation's custom email sender (spec 002 §7.5): organisation settings, so admins. */
export function registerSenderDomainsRoutes(app: HttpServer, senders: SenderDomainsService): void {
  const settings = guard({ permission: 'organization:update' });
  const sender = guard({ permission: 'organization:update', load: senders.find });

  app.get(
    PATH,
    {
      preValidation: settings.preValidation,
      schema: {
        tags,
        querystring: vanityEmailDomainListQuerySchema,
        response: { 200: z.array(vanityEmailDomainSchema) },
      },
    },
    async (request) => senders.list(settings.of(request).caller, request.query.organization),
  );

  app.post(
    PATH,
    {
      preValidation: settings.preValidation,
      schema: {
        tags,
        body: createVanityEmailDomainRequestSchema,
        response: { 201: vanityEmailDomainSchema },
      },
    },
    async (request, reply) => {
      const { email_sender: address, organization } = request.body;
      return reply.status(201).send(await senders.create(settings.of(request).caller, organization, address));
    },
  );

  app.get(
    `${PATH}:id/`,
    {
      preValidation: sender.preValidation,
      schema: { tags, params: idParams, response: { 200: vanityEmailDomainSchema } },
    },
    (request) => senders.get(sender.of(request).object),
  );

  app.post(
    `${PATH}:id/verify/`,
    {
      preValidation: sender.preValidation,
      schema: { tags, params: idParams, response: { 200: vanityEmailDomainSchema } },
    },
    async (request) => senders.verify(sender.of(request).object),
  );

  app.delete(
    `${PATH}:id/`,
    { preValidation: sender.preValidation, schema: { tags, params: idParams } },
    noContent((request) => senders.remove(sender.of(request).object)),
  );
}
