import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
import type { JobContext } from '../../platform/jobs/job-registry.ts';
import type { MailMessage } from '../../platform/mail/mail.ts';
import { OutboundRefused, postOutbound, type OutboundPolicy } from '../../platform/outbound-request.ts';
import { createSecretBox, type SecretBox } from '../../platform/secret-box.ts';
import { groupedWrites, writeBatches } from '../../platform/write-batches.ts';
import { WEBHOOK_DELIVERY_CONCURRENCY, webhookDeliveryJob, webhookOutboxJob } from './webhooks.jobs.ts';
import type { LogEntry, NewDelivery, WebhooksRepository, WebhookRow } from './webhooks.repository.ts';

/** Where endpoints' signing secrets are sealed, under the server's key. */
export const webhookSecrets = (secretKey: string) => createSecretBox(secretKey, 'webhook-secret');

/** A new endpoint's signing secret, in the Standard Webhooks form. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Outbox rows claimed at once by a worker; fanned out `WEBHOOK_DELIVERY_CONCURRENCY` at a time. */
const OUTBOX_CLAIM = WEBHOOK_DELIVERY_CONCURRENCY * 4;
/** How long a claim holds: a worker that died leaves its rows to another after this. */
const OUTBOX_CLAIM_SECONDS = 300;
/** Claims of one activity before it is given up (its fan-out failed each time). */
const OUTBOX_TRIES = 5;

/**
 * The delivery of the activity job `jobId` to the endpoint `webhookId`: its id (a version 8 uuid)
 * and its message id, the same each time the job runs.
 */
function deliveryIdsOf(jobId: string, webhookId: string): { id: string; messageId: string } {
  const hash = createHash('sha256').update(`${jobId}:${webhookId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return {
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    messageId: `msg_${hash.subarray(16).toString('base64url')}`,
  };
}

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

  /**
   * Queues an activity for its endpoints, in `tx` when given (it exists exactly when that commits):
   * one outbox row (the organisation's endpoints being on is kept per node), fanned out by a worker
   * outside `tx`; without `tx`, the fan-out is asked for at once.
   */
  async function record(activity: ActivityReport, tx?: Executor): Promise<void> {
    if (!(await repository.anyActive(activity.organizationId, tx))) return;
    const data = typeof activity.data === 'function' ? await activity.data(tx) : activity.data;
    await repository.queueActivity({ ...activity, data, occurredAt: clock().toISOString() }, tx);
    if (!tx) await jobs.send(webhookOutboxJob, {}, { singletonKey: 'drain', singletonSeconds: 1 });
  }

  /**
   * Fans out the outbox until it is empty: each claim of rows (one statement) is fanned out
   * `WEBHOOK_DELIVERY_CONCURRENCY` activities at a time, then leaves the outbox (one statement). A
   * fan-out that failed keeps its row until its claim runs out (then it is tried again, up to
   * `OUTBOX_TRIES` claims); the first failure is thrown once the rest is done, for the log.
   */
  async function drainOutbox(): Promise<void> {
    let failure: Error | undefined;
    for (;;) {
      const claimed = await repository.claimActivities(OUTBOX_CLAIM, OUTBOX_CLAIM_SECONDS);
      if (claimed.length === 0) break;
      const done: string[] = [];
      let next = 0;
      const lane = async () => {
        for (let row = claimed[next++]; row; row = claimed[next++]) {
          try {
            await fanOut(row.activity, { jobId: `outbox:${row.id}`, retryCount: row.tries - 1 });
            done.push(row.id);
          } catch (error) {
            failure ??= error instanceof Error ? error : new Error(String(error));
            if (row.tries >= OUTBOX_TRIES) done.push(row.id);
          }
        }
      };
      await Promise.all(Array.from({ length: WEBHOOK_DELIVERY_CONCURRENCY }, lane));
      await repository.doneActivities(done);
      if (done.length < claimed.length) break;
    }
    if (failure) throw failure;
  }

  const bodyOf = (type: string, occurredAt: string, data: Record<string, unknown>) =>
    JSON.stringify({ type, timestamp: occurredAt, data });

  /**
   * The endpoints of the activities fanned out side by side (one fetch of jobs starts them in the
   * same turn): read together, once per organisation, event and type.
   */
  const subscribersOf = writeBatches(
    (activities: readonly Pick<WebhookActivity, 'organizationId' | 'eventId' | 'type'>[]) => {
      const reads = new Map<string, Promise<WebhookRow[]>>();
      return Promise.all(
        activities.map(({ organizationId, eventId, type }) => {
          const key = `${organizationId}/${eventId}/${type}`;
          const read = reads.get(key) ?? repository.subscribersOf(organizationId, eventId, type);
          reads.set(key, read);
          return read;
        }),
      );
    },
    { gatherTurn: true },
  );

  /**
   * The worker's half of `record`: the first attempt of one delivery per endpoint that takes the
   * activity, made here and at once, all endpoints concurrently; only retries become jobs. Message
   * ids follow from the outbox row (`jobId`) and the endpoint, so a fan-out claimed again after a
   * crash sends the same `webhook-id` (receivers de-duplicate) and skips the deliveries it already
   * logged.
   */
  async function fanOut(
    activity: WebhookActivity & { occurredAt: string },
    job: Pick<JobContext, 'jobId' | 'retryCount'>,
  ): Promise<void> {
    const subscribers = await subscribersOf(activity);
    if (subscribers.length === 0) return;
    const payload = bodyOf(activity.type, activity.occurredAt, {
      ...(activity.eventId ? { event_id: activity.eventId } : {}),
      ...activity.data,
    });
    const deliveries = subscribers.map((webhook) => {
      const { id, messageId } = deliveryIdsOf(job.jobId, webhook.id);
      const delivery = {
        id,
        webhook_id: webhook.id,
        message_id: messageId,
        activity_type: activity.type,
        payload,
      };
      return { webhook, delivery };
    });
    const logged = new Set(
      job.retryCount > 0
        ? await repository.loggedDeliveries(deliveries.map(({ delivery }) => delivery.id))
        : [],
    );
    await Promise.all(
      deliveries
        .filter(({ delivery }) => !logged.has(delivery.id))
        .map(({ webhook, delivery }) => deliver(webhook, delivery, 0, true)),
    );
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

  /** A retry of a delivery (the delivery job), or a redelivery or ping. */
  async function attempt(deliveryId: string): Promise<void> {
    const delivery = await repository.deliveryToAttempt(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const webhook = await repository.findById(delivery.webhook_id);
    if (!webhook) return;
    await deliver(webhook, delivery, Number(delivery.attempts ?? 0), false);
  }

  /**
   * One attempt, logged (with the delivery itself when `isNew`) in the next batch of the log's
   * writes; a failure schedules the next attempt in the same transaction, or ends the delivery.
   */
  async function deliver(
    webhook: WebhookRow,
    delivery: NewDelivery,
    triesBefore: number,
    isNew: boolean,
  ): Promise<void> {
    const outcome = await send(webhook, delivery);
    const wait = outcome.ok ? undefined : deps.retryDelaysSeconds[triesBefore];
    const retry = wait !== undefined && webhook.is_active;
    const state = outcome.ok
      ? { status: 'succeeded' as const, next_attempt_at: null }
      : retry
        ? { status: 'pending' as const, next_attempt_at: new Date(clock().getTime() + wait * 1000) }
        : { status: 'failed' as const, next_attempt_at: null };
    await writeLog({
      delivery: isNew ? { ...delivery, ...state } : undefined,
      deliveryId: delivery.id,
      attempt: outcome.attempt,
      state,
      retryAfterSeconds: retry ? wait : undefined,
    });
    if (outcome.ok) {
      if (webhook.failed_deliveries_in_a_row > 0) await repository.countSuccess(webhook.id);
      return;
    }
    if (retry) return;
    const counted = await repository.countFailure(webhook.id);
    if (counted?.is_active && counted.failed_deliveries_in_a_row >= WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES)
      await turnOff(counted);
  }

  /**
   * The log's writes of the attempts answered in the same turn or while one is written: one
   * statement for each batch of first attempts, a transaction when it also queues retries.
   */
  const writeLog = groupedWrites<LogEntry>(
    async (entries) => {
      const retries = entries.filter((entry) => entry.retryAfterSeconds !== undefined);
      if (retries.length === 0) return repository.recordAttempts(entries);
      await repository.recordAttempts(entries, async (tx) => {
        for (const entry of retries)
          await jobs.send(
            webhookDeliveryJob,
            { deliveryId: entry.deliveryId },
            { tx, startAfterSeconds: entry.retryAfterSeconds },
          );
      });
      jobs.nudge(webhookDeliveryJob);
    },
    { gatherTurn: true },
  );

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

  return { record, drainOutbox, fanOut, ping, redeliver, attempt };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
