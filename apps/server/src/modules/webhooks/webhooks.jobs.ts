import { WEBHOOK_ACTIVITY_TYPES } from '@studio/domain';
import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';

/**
 * Activities fanned out and deliveries attempted at once by one worker process: an attempt mostly
 * waits on the receiver, so one at a time left the worker idle (bench/webhooks.ts).
 */
export const WEBHOOK_DELIVERY_CONCURRENCY = 8;

/**
 * An activity to fan out to the endpoints that take it (queued in the activity's own transaction):
 * its first attempt to each of them.
 */
export const webhookActivityJob = defineJob({
  name: 'webhooks.activity',
  payload: z.object({
    organizationId: z.uuid(),
    eventId: z.uuid().nullable(),
    type: z.enum(WEBHOOK_ACTIVITY_TYPES),
    data: z.record(z.string(), z.unknown()),
    occurredAt: z.string(),
  }),
  retryLimit: 5,
  concurrency: WEBHOOK_DELIVERY_CONCURRENCY,
  fetchBatch: WEBHOOK_DELIVERY_CONCURRENCY / 2,
});

/**
 * A later attempt of one delivery (the first is made by the fan-out): a retry, scheduled by the
 * attempt before it (back-off over a day), a redelivery or a ping.
 */
export const webhookDeliveryJob = defineJob({
  name: 'webhooks.delivery',
  payload: z.object({ deliveryId: z.uuid() }),
  retryLimit: 3,
  concurrency: WEBHOOK_DELIVERY_CONCURRENCY,
});

export function registerWebhookJobs(jobs: JobQueue, delivery: WebhookDelivery): void {
  jobs.register(webhookActivityJob, (activity, job) => delivery.fanOut(activity, job));
  jobs.register(webhookDeliveryJob, ({ deliveryId }) => delivery.attempt(deliveryId));
}
