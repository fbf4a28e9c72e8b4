import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_PING,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  webhookMessages,
  type WebhookActivity,
} from '@studio/domain';
import { Webhook } from 'standardwebhooks';
import type { ActivityReport } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { MailMessage } from '../../platform/mail/mail.ts';
import { OutboundRefused, postOutbound, type OutboundPolicy } from '../../platform/outbound-request.ts';
import { createSecretBox, type SecretBox } from '../../platform/secret-box.ts';
import { webhookActivityJob, webhookDeliveryJob } from './webhooks.jobs.ts';
import type { WebhooksRepository, WebhookRow } from './webhooks.repository.ts';

/** Where endpoints' signing secrets are sealed, under the server's key. */
export const webhookSecrets = (secretKey: string) => createSecretBox(secretKey, 'webhook-secret');

/** A new endpoint's signing secret, in the Standard Webhooks form. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export interface WebhookDeliveryDeps {
  repository: WebhooksRepository;
  jobs: JobQueue;
  secrets: SecretBox;
  policy: OutboundPolicy;
  clock: () => Date;
  /** Seconds to wait before each retry; its length is the number of retries. */
  retryDelaysSeconds: readonly number[];
  /** The studio's mail, to tell an endpoint's creator it was turned off. */
  mail: { send(message: MailMessage): Promise<unknown> };
  emailOf: (userId: string) => Promise<string | undefined>;
}

/**
 * Activities into signed deliveries (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`), attempted by the worker role, retried with back-off, logged per attempt.
 */
export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { repository, jobs, clock } = deps;

  /** Queues an activity for its endpoints, in `tx` when given (it exists exactly when that commits). */
  async function record(activity: ActivityReport, tx?: Executor): Promise<void> {
    if (!(await repository.anyActive(activity.organizationId, tx))) return;
    const data = typeof activity.data === 'function' ? await activity.data(tx) : activity.data;
    await jobs.send(webhookActivityJob, { ...activity, data, occurredAt: clock().toISOString() }, { tx });
  }

  const bodyOf = (type: string, occurredAt: string, data: Record<string, unknown>) =>
    JSON.stringify({ type, timestamp: occurredAt, data });

  /** The worker's half of `record`: one delivery per endpoint that takes the activity. */
  async function fanOut(activity: WebhookActivity & { occurredAt: string }): Promise<void> {
    const subscribers = await repository.subscribersOf(
      activity.organizationId,
      activity.eventId,
      activity.type,
    );
    const payload = bodyOf(activity.type, activity.occurredAt, {
      ...(activity.eventId ? { event_id: activity.eventId } : {}),
      ...activity.data,
    });
    const created = await repository.insertDeliveries(
      subscribers.map((webhook) => ({
        webhook_id: webhook.id,
        message_id: `msg_${randomUUID()}`,
        activity_type: activity.type,
        payload,
      })),
    );
    for (const { id } of created) await jobs.send(webhookDeliveryJob, { deliveryId: id });
  }

  /** The studio's Ping: a test message to one endpoint, delivered like any other. */
  async function ping(webhook: WebhookRow): Promise<string> {
    const [created] = await repository.insertDeliveries([
      {
        webhook_id: webhook.id,
        message_id: `msg_${randomUUID()}`,
        activity_type: WEBHOOK_PING,
        payload: bodyOf(WEBHOOK_PING, clock().toISOString(), { webhook_id: webhook.id }),
      },
    ]);
    await jobs.send(webhookDeliveryJob, { deliveryId: created!.id });
    return created!.id;
  }

  async function redeliver(deliveryId: string): Promise<void> {
    await repository.reopen(deliveryId);
    await jobs.send(webhookDeliveryJob, { deliveryId });
  }

  async function turnOff(webhook: WebhookRow): Promise<void> {
    const reason = `Turned off after ${WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES} deliveries in a row failed for a day.`;
    await repository.disable(webhook.id, reason);
    const to = webhook.created_by ? await deps.emailOf(webhook.created_by) : undefined;
    if (!to) return;
    const text = `The webhook to ${webhook.url} was turned off: ${reason} Its delivery log shows each attempt; turn it on again in the studio once the receiver answers.`;
    await deps.mail.send({ to, subject: webhookMessages.disabledSubject, text });
  }

  /** One attempt of a delivery (the delivery job); a failure schedules the next one or ends it. */
  async function attempt(deliveryId: string): Promise<void> {
    const delivery = await repository.deliveryToAttempt(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const webhook = await repository.findById(delivery.webhook_id);
    if (!webhook) return;
    const outcome = await send(webhook, delivery);
    const tries = Number(delivery.attempts ?? 0) + 1;
    if (outcome.ok) {
      await repository.recordAttempt(deliveryId, outcome.attempt, {
        status: 'succeeded',
        next_attempt_at: null,
      });
      await repository.countSuccess(webhook.id);
      return;
    }
    const wait = deps.retryDelaysSeconds[tries - 1];
    if (wait !== undefined && webhook.is_active) {
      const next = new Date(clock().getTime() + wait * 1000);
      await repository.recordAttempt(deliveryId, outcome.attempt, {
        status: 'pending',
        next_attempt_at: next,
      });
      await jobs.send(webhookDeliveryJob, { deliveryId }, { startAfterSeconds: wait });
      return;
    }
    await repository.recordAttempt(deliveryId, outcome.attempt, { status: 'failed', next_attempt_at: null });
    const counted = await repository.countFailure(webhook.id);
    if (counted?.is_active && counted.failed_deliveries_in_a_row >= WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES)
      await turnOff(counted);
  }

  async function send(webhook: WebhookRow, delivery: { message_id: string; payload: string }) {
    const fail = (error: string, status_code: number | null = null, excerpt = '') => ({
      ok: false as const,
      attempt: { status_code, error, response_excerpt: excerpt },
    });
    if (!webhook.is_active) return fail('The webhook is turned off.');
    const secret = deps.secrets.open(webhook.sealed_secret);
    if (!secret) return fail('The signing secret cannot be read.');
    const now = clock();
    const headers = {
      'webhook-id': delivery.message_id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(delivery.message_id, now, delivery.payload),
      'user-agent': 'EventStudio-Webhooks/1',
    };
    try {
      const answer = await postOutbound(webhook.url, delivery.payload, headers, {
        ...deps.policy,
        maxResponseBytes: WEBHOOK_RESPONSE_EXCERPT_BYTES,
      });
      const attempt = { status_code: answer.status, error: null, response_excerpt: answer.body };
      if (answer.status >= 200 && answer.status < 300) return { ok: true as const, attempt };
      const why = answer.status >= 300 && answer.status < 400 ? 'Redirects are not followed.' : null;
      return fail(why ?? `The receiver answered ${answer.status}.`, answer.status, answer.body);
    } catch (error) {
      if (error instanceof OutboundRefused)
        return fail(`${webhookMessages.notAllowedToDeliver} (${error.message})`);
      return fail(`No answer: ${(error as Error).message}`);
    }
  }

  return { record, fanOut, ping, redeliver, attempt };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
