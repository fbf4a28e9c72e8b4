import {
  activityWebhookListQuery,
  activityWebhookPageSchema,
  activityWebhookSchema,
  createActivityWebhookSchema,
  createdActivityWebhookSchema,
  pageQuerySchema,
  patchActivityWebhookSchema,
  webhookDeliveryPageSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import { pagedAnswer } from '../../platform/http/pagination.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { WebhooksService } from './webhooks.service.ts';

// The service decides per webhook: `event:update` for an event's, `organization:update` for the organisation's.
const managers = guard({ permission: ['event:update', 'organization:update'] });
const tags = ['webhooks'];
const PAGE_SIZE = 25;
const base = '/api/event/activity-webhooks/';
const deliveryParams = z.object({ id: z.string().max(100), delivery: z.string().max(100) });

/**
 * Spec 001 §7: `/event/activity-webhooks/` GET (event or studio_template), POST, PATCH and DELETE
 * `{id}/`, a template's too (its webhooks and pings); the delivery log.
 */
export function registerWebhooksRoutes(app: HttpServer, webhooks: WebhooksService, publicUrl: string): void {
  const caller = (request: Parameters<typeof managers.of>[0]) => managers.of(request).caller;

  app.get(
    base,
    {
      preValidation: managers.preValidation,
      schema: { tags, querystring: activityWebhookListQuery, response: { 200: activityWebhookPageSchema } },
    },
    pagedAnswer(publicUrl, PAGE_SIZE, (request, page) => webhooks.list(caller(request), request.query, page)),
  );

  app.post(
    base,
    {
      preValidation: managers.preValidation,
      schema: { tags, body: createActivityWebhookSchema, response: { 201: createdActivityWebhookSchema } },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(caller(request), request.body)),
  );

  app.patch(
    `${base}:id/`,
    {
      preValidation: managers.preValidation,
      schema: {
        tags,
        params: idParams,
        body: patchActivityWebhookSchema,
        response: { 200: activityWebhookSchema },
      },
    },
    async (request) => webhooks.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    `${base}:id/`,
    { preValidation: managers.preValidation, schema: { tags, params: idParams } },
    async (request, reply) => {
      await webhooks.delete(caller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}:id/rotate_secret/`,
    {
      preValidation: managers.preValidation,
      schema: { tags, params: idParams, response: { 200: createdActivityWebhookSchema } },
    },
    async (request) => webhooks.rotateSecret(caller(request), request.params.id),
  );

  app.post(
    `${base}:id/ping/`,
    {
      preValidation: managers.preValidation,
      schema: { tags, params: idParams, response: { 202: z.object({ delivery: z.string() }) } },
    },
    async (request, reply) => reply.status(202).send(await webhooks.ping(caller(request), request.params.id)),
  );

  app.get(
    `${base}:id/deliveries/`,
    {
      preValidation: managers.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    pagedAnswer(publicUrl, PAGE_SIZE, (request, page) =>
      webhooks.deliveries(caller(request), request.params.id, page),
    ),
  );

  app.post(
    `${base}:id/deliveries/:delivery/redeliver/`,
    { preValidation: managers.preValidation, schema: { tags, params: deliveryParams } },
    async (request, reply) => {
      await webhooks.redeliver(caller(request), request.params.id, request.params.delivery);
      return reply.status(202).send();
    },
  );
}
