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
  const route = routesOf(app, tags, publicUrl);

  route.list(
    base,
    managers,
    { query: activityWebhookListQuery, answer: activityWebhookPageSchema, pageSize: PAGE_SIZE },
    ({ caller, query, page }) => webhooks.list(caller, query, page),
  );

  route.post(
    base,
    managers,
    { body: createActivityWebhookSchema, answer: createdActivityWebhookSchema, status: 201 },
    ({ caller, body }) => webhooks.create(caller, body),
  );

  route.patch(
    `${base}:id/`,
    managers,
    { params: idParams, body: patchActivityWebhookSchema, answer: activityWebhookSchema },
    ({ caller, params, body }) => webhooks.update(caller, params.id, body),
  );

  route.delete(`${base}:id/`, managers, { params: idParams, status: 204 }, ({ caller, params }) =>
    webhooks.delete(caller, params.id),
  );

  route.post(
    `${base}:id/rotate_secret/`,
    managers,
    { params: idParams, answer: createdActivityWebhookSchema },
    ({ caller, params }) => webhooks.rotateSecret(caller, params.id),
  );

  route.post(
    `${base}:id/ping/`,
    managers,
    { params: idParams, answer: z.object({ delivery: z.string() }), status: 202 },
    ({ caller, params }) => webhooks.ping(caller, params.id),
  );

  route.list(
    `${base}:id/deliveries/`,
    managers,
    { params: idParams, query: pageQuerySchema, answer: webhookDeliveryPageSchema, pageSize: PAGE_SIZE },
    ({ caller, params, page }) => webhooks.deliveries(caller, params.id, page),
  );

  route.post(
    `${base}:id/deliveries/:delivery/redeliver/`,
    managers,
    { params: deliveryParams },
    async ({ caller, params }, _request, reply) => {
      await webhooks.redeliver(caller, params.id, params.delivery);
      return reply.status(202).send();
    },
  );
}
