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
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';

// The service decides per webhook: `event:update` (or `integration:update`) for an event's,
// `organization:update` (or an Integrations Editor's `integration:update`) for the organisation's.
const managing = ['event:update', 'organization:update', 'integration:update'] as const;
const managers = guard({ permission: managing });
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

  registerResourceRoutes(app, publicUrl, {
    path: base,
    tags,
    rights: { read: managing, change: managing },
    part: activityWebhookSchema,
    list: {
      query: activityWebhookListQuery,
      page: activityWebhookPageSchema,
      pageSize: PAGE_SIZE,
      answer: (caller, query, page) => webhooks.list(caller, query, page),
    },
    change: {
      body: patchActivityWebhookSchema,
      answer: (caller, id, body) => webhooks.update(caller, id, body),
    },
    delete: (caller, id) => webhooks.delete(caller, id),
  });

  // Made, it answers its secret once (not the part's shape).
  route.post(
    base,
    managers,
    { body: createActivityWebhookSchema, answer: createdActivityWebhookSchema, status: 201 },
    ({ caller, body }) => webhooks.create(caller, body),
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
