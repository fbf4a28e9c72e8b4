// Webhooks (issue 36): delivery throughput to a local receiver ÷ plain `fetch` of the same signed
// payloads (goal ≥ 0.5), and the register call's p99 with 3 webhook subscriptions ÷ with none
// (goal ≤ 1.1: deliveries never sit on the registration's path), in one run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '@studio/domain';
import { Webhook } from 'standardwebhooks';
import { bearer, createTestStudio, newOrganization, type TestStudio } from '../apps/server/test/harness.ts';
import { createJobQueue } from '../apps/server/src/platform/jobs/job-queue.ts';
import {
  createWebhookDelivery,
  webhookSecrets,
} from '../apps/server/src/modules/webhooks/webhook-delivery.ts';
import {
  registerWebhookJobs,
  WEBHOOK_DELIVERY_CONCURRENCY,
} from '../apps/server/src/modules/webhooks/webhooks.jobs.ts';
import { createWebhooksRepository } from '../apps/server/src/modules/webhooks/webhooks.repository.ts';
import { percentile, ratio, registerNext, timed, until } from './bench-util.ts';

const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 300);
const REGISTRATIONS = Number(process.env.BENCH_WEBHOOK_REGISTRATIONS ?? 300);
const quiet = { info() {}, warn() {}, error() {} };

/** A receiver on loopback that answers 200 at once and counts what it took. */
async function startReceiver() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const register = (studio: TestStudio, eventId: string) => registerNext(studio, eventId, 'hooked');

async function eventWithWebhooks(studio: TestStudio, urls: string[]) {
  const admin = await newOrganization(studio.app);
  const start = Date.now() + 30 * 86_400_000;
  const created = await studio.app.inject({
    method: 'POST',
    url: '/api/event/',
    headers: bearer(admin.access),
    payload: {
      title: 'Hooked',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
    },
  });
  const eventId = created.json<{ id: string }>().id;
  for (const url of urls) {
    const hook = await studio.app.inject({
      method: 'POST',
      url: '/api/event/activity-webhooks/',
      headers: bearer(admin.access),
      payload: { event: eventId, url, activity_types: ['user_profile:registered'] },
    });
    if (hook.statusCode !== 201) throw new Error(`webhook: ${hook.statusCode} ${hook.body}`);
  }
  return { eventId };
}

/**
 * Deliveries: an API studio (no workers) takes the registrations and writes their activities to
 * the webhooks' outbox; then a worker of the webhooks area alone, on the same database, is timed
 * from its start (its first outbox claim) until the receiver has every delivery and the worker is
 * idle (every attempt logged). The baseline signs and POSTs the same payloads with `fetch`,
 * as many in flight as the worker delivers at once, then one at a time.
 */
async function deliveryThroughput(kind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = kind;
  const receiver = await startReceiver();
  const studio = await createTestStudio({ checkAnswers: false, outboundAllowedHosts: ['127.0.0.1'] });
  const worker = createJobQueue({ database: studio.database, log: quiet });
  try {
    const { eventId } = await eventWithWebhooks(studio, [receiver.url]);
    for (let i = 0; i < DELIVERIES; i += 1) await register(studio, eventId);
    const repository = createWebhooksRepository(studio.database.db);
    registerWebhookJobs(
      worker,
      createWebhookDelivery({
        repository,
        jobs: worker,
        secrets: webhookSecrets(studio.secretKey),
        policy: { allowedHosts: ['127.0.0.1'] },
        clock: () => new Date(),
        retryDelaysSeconds: WEBHOOK_RETRY_DELAYS_SECONDS,
        mail: { send: () => Promise.resolve() },
        emailOf: () => Promise.resolve(undefined),
      }),
    );
    const studioMs = await timed(async () => {
      await worker.startWorkers();
      await until(() => Promise.resolve(receiver.received() >= DELIVERIES), 2);
      // The delivery log is written after the sends (in batches): done when it is too.
      await worker.idle();
    });

    const sent = await studio.database.db
      .selectFrom('webhook_deliveries')
      .select(['message_id', 'payload'])
      .execute();
    const signer = new Webhook(`whsec_${Buffer.from('bench-secret-bench-secret').toString('base64')}`);
    const post = async ({ message_id, payload }: { message_id: string; payload: string }) => {
      const now = new Date();
      const answer = await fetch(receiver.url, {
        method: 'POST',
        body: payload,
        headers: {
          'content-type': 'application/json',
          'webhook-id': message_id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signer.sign(message_id, now, payload),
        },
      });
      await answer.text();
    };
    const inFlight = async (width: number) =>
      timed(async () => {
        let next = 0;
        await Promise.all(
          Array.from({ length: width }, async () => {
            while (next < sent.length) await post(sent[(next += 1) - 1]!);
          }),
        );
      });
    const fetchWideMs = await inFlight(WEBHOOK_DELIVERY_CONCURRENCY);
    const fetchSerialMs = await inFlight(1);
    return [
      `Webhook deliveries (${kind}, ${sent.length} registrations → signed POSTs to a loopback receiver, from the outbox)`,
      `  studio worker ${(sent.length / (studioMs / 1000)).toFixed(0)}/s; ÷ plain fetch ${WEBHOOK_DELIVERY_CONCURRENCY} in flight ${ratio(fetchWideMs / studioMs)} (goal ≥ 0.5); ÷ plain fetch one at a time ${ratio(fetchSerialMs / studioMs)}`,
    ];
  } finally {
    await worker.stop();
    await studio.close();
    await receiver.close();
  }
}

/**
 * The register call's p99 on a studio that runs its workers (role all, as `npm start`): an event
 * with 3 webhooks to the receiver against one with none, in another organisation, alternating
 * call by call so that both see the same load, deliveries included.
 */
async function registrationLatency(kind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = kind;
  const receiver = await startReceiver();
  const studio = await createTestStudio({
    checkAnswers: false,
    role: 'all',
    outboundAllowedHosts: ['127.0.0.1'],
  });
  try {
    const hooked = await eventWithWebhooks(studio, [receiver.url, receiver.url, receiver.url]);
    const plain = await eventWithWebhooks(studio, []);
    for (let i = 0; i < 20; i += 1) {
      await register(studio, hooked.eventId);
      await register(studio, plain.eventId);
    }
    const withHooks: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < REGISTRATIONS; i += 1) {
      withHooks.push(await timed(() => register(studio, hooked.eventId)));
      without.push(await timed(() => register(studio, plain.eventId)));
    }
    const delivered = receiver.received();
    const [p99With, p99Without] = [percentile(withHooks, 99), percentile(without, 99)];
    return [
      `Registration with webhooks (${kind}, role all, ${REGISTRATIONS} register calls each, alternating)`,
      `  p99 with 3 webhook subscriptions ${p99With.toFixed(1)} ms ÷ with none ${p99Without.toFixed(1)} ms: ${ratio(p99With / p99Without)} (goal ≤ 1.1); p50 ${ratio(percentile(withHooks, 50) / percentile(without, 50))}; ${delivered} deliveries made meanwhile`,
    ];
  } finally {
    await studio.close();
    await receiver.close();
  }
}

export async function benchWebhooks(kind: 'pglite' | 'postgres'): Promise<string[]> {
  return [...(await deliveryThroughput(kind)), ...(await registrationLatency(kind))];
}
