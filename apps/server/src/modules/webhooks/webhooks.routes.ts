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
import { routesOf } from '../../platform/http/route-kit.ts';

// The service decides per webhook: `event:update` for an event's, `organization:update` for the organisation's.
const managers = guard({ permission: ['event:update', 'organization:update'] });
const tags = ['webhooks'];
const PAGE_SIZE = 25;
const base = '/api/event/activity-webhooks/';
const deliveryParams = z.object({ id: z.string().max(100), delivery: z.string().max(100) });

/**
 * Spec 001 §7: `/event/activity-webhooks/` GET (event, series or studio_template), POST, PATCH and DELETE
 * `{id}/`, a template's too (its webhooks and pings); the delivery log.
 */
export function registerWebhooksRoutes(app: HttpServer, webhooks: WebhooksService, publicUrl: string): void {
  const route = routesOf(app, tags);
  const caller = (request: Parameters<typeof managers.of>[0]) => managers.of(request).caller;

  app.get(
    base,
    {
      preValidation: managers.preValidation,
      schema: { tags, querystring: activityWebhookListQuery, response: { 200: activityWebhookPageSchema } },
    },
    pagedAnswer(publicUrl, PAGE_SIZE, (request, page) => webhooks.list(caller(request), request.query, page)),
  );

  route.post(
    base,
    managers,
    { body: createActivityWebhookSchema, answer: createdActivityWebhookSchema, status: 201 },
    ({ body }, request) => webhooks.create(caller(request), body),
  );

  route.patch(
    `${base}:id/`,
    managers,
    { params: idParams, body: patchActivityWebhookSchema, answer: activityWebhookSchema },
    ({ params, body }, request) => webhooks.update(caller(request), params.id, body),
  );

  route.delete(`${base}:id/`, managers, { params: idParams, status: 204 }, ({ params }, request) =>
    webhooks.delete(caller(request), params.id),
  );

  route.post(
    `${base}:id/rotate_secret/`,
    managers,
    { params: idParams, answer: createdActivityWebhookSchema },
    ({ params }, request) => webhooks.rotateSecret(caller(request), params.id),
  );

  route.post(
    `${base}:id/ping/`,
    managers,
    { params: idParams, answer: z.object({ delivery: z.string() }), status: 202 },
    ({ params }, request) => webhooks.ping(caller(request), params.id),
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

  route.post(
    `${base}:id/deliveries/:delivery/redeliver/`,
    managers,
    { params: deliveryParams },
    async ({ params }, request, reply) => {
      await webhooks.redeliver(caller(request), params.id, params.delivery);
      return reply.status(202).send();
    },
  );
}
