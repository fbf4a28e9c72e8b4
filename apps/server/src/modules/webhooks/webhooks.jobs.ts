import { WEBHOOK_ACTIVITY_TYPES } from '@studio/domain';
import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';

/** An activity to fan out to the endpoints that take it (queued in the activity's own transaction). */
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
});

/** One attempt of one delivery; its retries are scheduled by the attempt itself (back-off over a day). */
export const webhookDeliveryJob = defineJob({
  name: 'webhooks.delivery',
  payload: z.object({ deliveryId: z.uuid() }),
  retryLimit: 3,
});

export function registerWebhookJobs(jobs: JobQueue, delivery: WebhookDelivery): void {
  jobs.register(webhookActivityJob, (activity) => delivery.fanOut(activity));
  jobs.register(webhookDeliveryJob, ({ deliveryId }) => delivery.attempt(deliveryId));
}
