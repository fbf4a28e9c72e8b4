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
 * Fans out the activities of the outbox (`webhook_outbox`, written in each activity's own
 * transaction): sent every second while workers run, and at once after an activity written
 * outside a transaction.
 */
export const webhookOutboxJob = defineJob({
  name: 'webhooks.outbox',
  payload: z.object({}),
  retryLimit: 1,
  concurrency: 2,
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
  jobs.register(webhookOutboxJob, () => delivery.drainOutbox());
  jobs.every(webhookOutboxJob, {}, 1);
  jobs.register(webhookDeliveryJob, ({ deliveryId }) => delivery.attempt(deliveryId));
}
