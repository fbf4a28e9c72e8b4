import { randomUUID } from 'node:crypto';
import {
  analyticsBeaconPath,
  TRIGGER_WEBHOOK_MISSING,
  registrantActivityData,
  type ActivityWebhook,
  type Page,
  type WebhookDelivery,
  webhookMessages,
} from '@studio/domain';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { eventually, newOrganization } from '../../../test/harness.ts';
import { fileMailCatcher, fileStudio, openedForFile } from '../../../test/file-studio.ts';
import { createCountingStudio } from '../../../test/statement-counter.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import { sendBeacon } from '../analytics/browser-beacon.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { fileEngagementWorld, newSession, personIn } from '../engagement/engagement.fixtures.ts';
import {
  fileRegistrationOrganiser,
  memberByEmail,
  register,
  registrant,
  registrationEvent,
  setStatus,
} from '../registration/registrants/registrants.fixtures.ts';
import { createWebhookDelivery, webhookSecrets } from './webhook-delivery.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { startReceiver } from './webhooks.fixtures.ts';

describe('webhooks (issue 36): signed deliveries, retries, the log', () => {
  const receiver = openedForFile(startReceiver);
  // Registrants named Bounce have no mailbox: their confirmation is a hard bounce.
  const catcher = fileMailCatcher({ refuses: (address) => address.startsWith('bounce-') });
  const studio = fileStudio(() => ({
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
    webhookRetryDelaysSeconds: [0, 0],
    smtpUrl: catcher.url,
  }));
  const { admin, api, event } = fileRegistrationOrganiser(studio);

  const createWebhook = (fields: Record<string, unknown>) =>
    api.post<ActivityWebhook & { secret: string }>('/api/event/activity-webhooks/', {
      event: event.id,
      url: receiver.url,
      activity_types: ['user_profile:registered', 'user_profile:attended'],
      ...fields,
    });

  /** The webhooks' delivery as a worker of its own runs it, on the studio's database (its queue not started). */
  const workerOfItsOwn = () => {
    const { database, secretKey } = studio;
    const repository = createWebhooksRepository(database.db);
    const delivery = createWebhookDelivery({
      repository,
      jobs: createJobQueue({ database, log: { info() {}, warn() {}, error() {} } }),
      secrets: webhookSecrets(secretKey),
      policy: { allowedHosts: ['127.0.0.1'] },
      clock: () => new Date(),
      retryDelaysSeconds: [0],
      mail: { send: () => Promise.resolve() },
      emailOf: () => Promise.resolve(undefined),
    });
    return { repository, delivery };
  };

  const deliveriesOf = async (webhookId: string) =>
    (await api.get<Page<WebhookDelivery>>(`/api/event/activity-webhooks/${webhookId}/deliveries/`)).body
      .results;

  it('signs a registration the Standard Webhooks way, and a check-in', async () => {
    const created = await createWebhook({ description: 'CRM sync' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const listed = await api.get<Page<ActivityWebhook>>(`/api/event/activity-webhooks/?event=${event.id}`);
    expect(listed.body.results.map((webhook) => webhook.id)).toEqual([created.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    const person = registrant('Grace');
    expect((await register(studio, event.id, person)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(receiver.received).toHaveLength(1)));
    const [delivery] = receiver.received;
    const verified = new Webhook(created.body.secret).verify(delivery!.body, {
      'webhook-id': String(delivery!.headers['webhook-id']),
      'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
      'webhook-signature': String(delivery!.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('user_profile:registered');
    expect(verified.data).toMatchObject({ event_id: event.id, email: person.email, status: 'REGISTRATION' });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`).verify(
        delivery!.body,
        delivery!.headers as Record<string, string>,
      ),
    ).toThrow();

    const member = await memberByEmail(api, event.id, person.email);
    expect((await api.post(`/api/event/${event.id}/attendance/`, { member: member.id })).status).toBe(200);
    await eventually(() => Promise.resolve(expect(receiver.received).toHaveLength(2)));
    expect(JSON.parse(receiver.received[1]!.body)).toMatchObject({
      type: 'user_profile:attended',
      data: { registration_id: member.id, email: person.email },
    });
    await eventually(async () => {
      const log = await deliveriesOf(created.body.id);
      expect(log.map((entry) => [entry.activity_type, entry.status, entry.attempts[0]?.status_code])).toEqual(
        [
          ['user_profile:attended', 'succeeded', 200],
          ['user_profile:registered', 'succeeded', 200],
        ],
      );
    });
    expect((await api.delete(`/api/event/activity-webhooks/${created.body.id}/`)).status).toBe(204);
  });

  it('names the registrant as the members table does, on registering and on a status change', async () => {
    const created = await createWebhook({
      activity_types: ['user_profile:registered', 'user_profile:canceled'],
    });
    // Known to the organisation from another event, registering with their email in capitals and
    // another last name: the activity has the stored email and the profile's new name.
    const person = registrant('Ada');
    expect((await register(studio, (await registrationEvent(api)).id, person)).status).toBe(201);
    const again = { ...person, email: person.email.toUpperCase(), last_name: 'Lovelace' };
    expect((await register(studio, event.id, again)).status).toBe(201);
    const member = await memberByEmail(api, event.id, person.email);
    expect(member).toMatchObject({ email: person.email, last_name: 'Lovelace' });
    const bodies = () =>
      receiver.received
        .map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> })
        .filter((body) => body.data.registration_id === member.id);
    await eventually(() => Promise.resolve(expect(bodies()).toHaveLength(1)));
    expect(bodies()[0]).toMatchObject({ type: 'user_profile:registered' });
    expect(bodies()[0]!.data).toEqual({ event_id: event.id, ...registrantActivityData(member) });

    const canceled = await setStatus(api, member.id, 'CANCELED');
    expect(canceled.status).toBe(200);
    await eventually(() => Promise.resolve(expect(bodies()).toHaveLength(2)));
    expect(bodies()[1]).toMatchObject({ type: 'user_profile:canceled' });
    expect(bodies()[1]!.data).toEqual({ event_id: event.id, ...registrantActivityData(canceled.body) });
    expect((await api.delete(`/api/event/activity-webhooks/${created.body.id}/`)).status).toBe(204);
  });

  it('reports a waitlisted registrant moved up when a seat frees as registered', async () => {
    const full = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const created = await createWebhook({
      event: full.id,
      activity_types: ['user_profile:registered', 'user_profile:waitlisted'],
    });
    const [first, second] = [registrant('First'), registrant('Second')];
    for (const person of [first, second]) expect((await register(studio, full.id, person)).status).toBe(201);
    const waiting = await memberByEmail(api, full.id, second.email);
    const typesOf = (registrationId: string) =>
      receiver.received
        .map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> })
        .filter((body) => body.data.registration_id === registrationId)
        .map((body) => body.type);
    await eventually(() => Promise.resolve(expect(typesOf(waiting.id)).toEqual(['user_profile:waitlisted'])));

    const seatHolder = await memberByEmail(api, full.id, first.email);
    expect((await setStatus(api, seatHolder.id, 'CANCELED')).status).toBe(200);
    await eventually(() =>
      Promise.resolve(
        expect(typesOf(waiting.id)).toEqual(['user_profile:waitlisted', 'user_profile:registered']),
      ),
    );
    expect((await api.delete(`/api/event/activity-webhooks/${created.body.id}/`)).status).toBe(204);
  });

  it('makes the first attempt in the fan-out job, and a fan-out run again sends nothing twice', async () => {
    receiver.received.length = 0;
    const created = await createWebhook({ activity_types: ['user_profile:registered'] });
    const { delivery } = workerOfItsOwn();
    const activity = {
      organizationId: admin.organization.id,
      eventId: event.id,
      type: 'user_profile:registered' as const,
      data: { email: 'replayed@example.com' },
      occurredAt: new Date().toISOString(),
    };
    const job = { jobId: randomUUID(), retryCount: 0 };
    await delivery.fanOut(activity, job);
    // Delivered and logged when the fan-out ends: no delivery job in between.
    expect(receiver.received).toHaveLength(1);
    const [logged] = await deliveriesOf(created.body.id);
    expect(logged).toMatchObject({ status: 'succeeded', attempts: [{ status_code: 200 }] });
    expect(receiver.received[0]!.headers['webhook-id']).toBe(logged!.message_id);

    // The same job tried again (its worker died after the sends) skips what it logged.
    await delivery.fanOut(activity, { ...job, retryCount: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(await deliveriesOf(created.body.id)).toHaveLength(1);
    await api.delete(`/api/event/activity-webhooks/${created.body.id}/`);
  });

  it('fans out an activity of the outbox once, even after the worker that claimed it died', async () => {
    receiver.received.length = 0;
    const created = await createWebhook({ activity_types: ['user_profile:registered'] });
    const { database } = studio;
    const { repository, delivery } = workerOfItsOwn();
    const email = `outbox-${randomUUID()}@example.com`;
    const outboxOf = () =>
      database.db
        .selectFrom('webhook_outbox')
        .select('tries')
        .where(sql<boolean>`activity->'data'->>'email' = ${email}`)
        .execute();
    // Written as a registration writes it (in its transaction), then claimed by a worker that dies.
    await database.db.transaction().execute((tx) =>
      repository.queueActivity(
        {
          organizationId: admin.organization.id,
          eventId: event.id,
          type: 'user_profile:registered',
          data: { email },
          occurredAt: new Date().toISOString(),
        },
        tx,
      ),
    );
    const dead = await repository.claimActivities(100, 300);
    expect(dead.some((row) => row.activity.data.email === email)).toBe(true);
    await delivery.drainOutbox();
    expect(receiver.received).toHaveLength(0);
    expect(await outboxOf()).toEqual([{ tries: 1 }]);
    // Its claim runs out: fanned out once, by whichever worker claims it again, then gone.
    await database.db
      .updateTable('webhook_outbox')
      .set({ claimed_until: new Date(0) })
      .execute();
    await delivery.drainOutbox();
    await eventually(async () => expect(await outboxOf()).toEqual([]));
    const sent = receiver.received.filter((one) => one.body.includes(email));
    expect(sent).toHaveLength(1);
    expect(await deliveriesOf(created.body.id)).toHaveLength(1);
    await api.delete(`/api/event/activity-webhooks/${created.body.id}/`);
  });

  it('retries a failing receiver with the same message id, logs each attempt, and redelivers on ask', async () => {
    receiver.received.length = 0;
    const created = await createWebhook({ activity_types: ['user_profile:registered'] });
    receiver.answer(500, 302, 200);
    await register(studio, event.id, registrant('Hedy'));
    await eventually(async () => {
      const [delivery] = await deliveriesOf(created.body.id);
      expect(delivery?.status).toBe('succeeded');
    });
    const [delivery] = await deliveriesOf(created.body.id);
    expect(delivery!.attempts.map((attempt) => [attempt.status_code, attempt.error])).toEqual([
      [500, 'The receiver answered 500.'],
      [302, 'Redirects are not followed.'],
      [200, null],
    ]);
    expect(delivery!.attempts[0]!.response_excerpt).toBe('answer 500');
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([delivery!.message_id]),
    );

    const again = await api.post(
      `/api/event/activity-webhooks/${created.body.id}/deliveries/${delivery!.id}/redeliver/`,
    );
    expect(again.status).toBe(202);
    await eventually(async () => expect((await deliveriesOf(created.body.id))[0]!.attempts).toHaveLength(4));
    await api.delete(`/api/event/activity-webhooks/${created.body.id}/`);
  });

  it('turns an endpoint off after three deliveries failed for good, and tells its creator', async () => {
    const created = await createWebhook({ activity_types: ['user_profile:registered'] });
    // Each delivery gets three tries (two retries): nine failures.
    receiver.answer(...Array<number>(9).fill(503));
    for (const name of ['Ida', 'Joan', 'Karen']) await register(studio, event.id, registrant(name));
    await eventually(async () => {
      const [found] = (
        await api.get<Page<ActivityWebhook>>(`/api/event/activity-webhooks/?event=${event.id}`)
      ).body.results.filter((webhook) => webhook.id === created.body.id);
      expect(found?.is_active).toBe(false);
      expect(found?.disabled_reason).toContain('failed');
    });
    const mail = await catcher.waitFor(
      (caught) => caught.envelopeTo.includes(admin.user.email) && caught.subject.includes('webhook'),
    );
    expect(mail.subject).toBe('A webhook of your organization was turned off');
    expect(mail.text).toContain(receiver.url);
    expect((await deliveriesOf(created.body.id)).every((delivery) => delivery.status === 'failed')).toBe(
      true,
    );

    // Turned on again, it delivers the next activity.
    const on = await api.patch<ActivityWebhook>(`/api/event/activity-webhooks/${created.body.id}/`, {
      is_active: true,
    });
    expect(on.body).toMatchObject({ is_active: true, disabled_reason: null });
  });

  it("tells an email bounce of the event's registration confirmation", async () => {
    receiver.received.length = 0;
    const created = await createWebhook({ activity_types: ['email:bounced'] });
    const person = registrant('Bounce');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const bounces = () =>
      receiver.received
        .map((request) => JSON.parse(request.body) as { type: string })
        .filter((body) => body.type === 'email:bounced');
    await eventually(() => Promise.resolve(expect(bounces()).toHaveLength(1)));
    expect(bounces()[0]).toMatchObject({ data: { event_id: event.id, email: person.email } });
    await api.delete(`/api/event/activity-webhooks/${created.body.id}/`);
  });

  it('refuses private addresses, and keeps other organisations out', async () => {
    for (const url of [
      'http://localhost:9/hooks',
      'http://10.1.2.3/hooks',
      'http://[::1]/hooks',
      'ftp://example.com/',
    ]) {
      const refused = await createWebhook({ url });
      expect(refused.status, url).toBe(400);
    }
    const refused = await createWebhook({ url: 'http://localhost:9/hooks' });
    expect(refused.body).toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      errors: { url: [webhookMessages.urlNotAllowed] },
    });
    // A host no name server knows is told apart from a refused one (RFC 6761: .invalid never resolves).
    const unknown = await createWebhook({ url: 'https://receiver.invalid/hooks' });
    expect(unknown.body).toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      errors: { url: [webhookMessages.hostNotFound] },
    });

    const created = await createWebhook({});
    const other = caller(studio, (await newOrganization(studio.app, 'Other Org')).access);
    const path = `/api/event/activity-webhooks/${created.body.id}/`;
    expect((await other.patch(path, { is_active: false })).status).toBe(404);
    expect((await other.delete(path)).status).toBe(404);
    expect((await other.get(`${path}deliveries/`)).status).toBe(404);
    expect((await other.get(`/api/event/activity-webhooks/?event=${event.id}`)).status).toBe(404);
    expect(
      (
        await other.post('/api/event/activity-webhooks/', {
          event: event.id,
          url: receiver.url,
          activity_types: ['user_profile:registered'],
        })
      ).status,
    ).toBe(404);
    // A ping of a webhook that is gone says so (spec 002 §8), another organisation's alike.
    const gone = { code: TRIGGER_WEBHOOK_MISSING, message: webhookMessages.triggerUrlMissing };
    expect((await other.post(`${path}ping/`)).body).toMatchObject(gone);
    expect((await api.delete(path)).status).toBe(204);
    const pinged = await api.post(`${path}ping/`);
    expect([pinged.status, pinged.body]).toMatchObject([404, gone]);
  });
});

describe("webhooks hear attendees' engagement", () => {
  const receiver = openedForFile(startReceiver);
  const world = fileEngagementWorld('Engaged Org', {
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
  });

  it("sends an attendee's chat message and question to the organisation-wide endpoint", async () => {
    const event = await world.newEvent();
    const created = await world.api.post('/api/event/activity-webhooks/', {
      event: null,
      url: receiver.url,
      activity_types: ['user_engagement:chat', 'user_engagement:qna'],
    });
    expect(created.status).toBe(201);
    const grace = await personIn(world, event, 'Grace');
    expect((await grace.call('POST', 'chat/event', { text: 'Hello' })).status).toBe(201);
    expect((await grace.call('POST', 'qna', { text: 'When are the slides out?' })).status).toBe(201);
    await eventually(() => Promise.resolve(expect(receiver.received).toHaveLength(2)));
    const bodies = receiver.received.map(
      (request) => JSON.parse(request.body) as { type: string; data: object },
    );
    expect(bodies.map((body) => body.type).sort()).toEqual(['user_engagement:chat', 'user_engagement:qna']);
    expect(bodies[0]!.data).toMatchObject({ event_id: event.id, user_id: grace.userId });
  });

  it("sends a tracked session join and call-to-action click (the event app's beacons)", async () => {
    receiver.received.length = 0;
    const event = await world.newEvent();
    await world.api.post('/api/event/activity-webhooks/', {
      event: event.id,
      url: receiver.url,
      activity_types: ['user_engagement:attended_broadcast', 'user_engagement:event_cta_click'],
    });
    const ada = await personIn(world, event, 'Ada');
    const session = await newSession(world, event);
    const beacon = await sendBeacon(
      world.studio.attendeeSite,
      analyticsBeaconPath(event.id),
      {
        actions: [
          { action: 'session_joined', target: session, mode: 'live' },
          { action: 'watched', target: session, mode: 'live', seconds: 30 },
          { action: 'cta_click', cta: 'demo_request' },
        ],
      },
      { cookie: ada.cookie },
    );
    expect(beacon.statusCode).toBeLessThan(300);
    await eventually(() => Promise.resolve(expect(receiver.received).toHaveLength(2)));
    const bodies = receiver.received.map(
      (request) => JSON.parse(request.body) as { type: string; data: object },
    );
    expect(bodies.map((body) => body.type).sort()).toEqual([
      'user_engagement:attended_broadcast',
      'user_engagement:event_cta_click',
    ]);
    expect(bodies.find((body) => body.type === 'user_engagement:attended_broadcast')!.data).toMatchObject({
      user_id: ada.userId,
      session_id: session,
    });
  });
});

describe('webhooks on the registration path', () => {
  it('cost a registration into an event with endpoints one statement more, the outbox row', async () => {
    const studio = await createCountingStudio();
    try {
      const plain = await registrationEvent(caller(studio, (await newOrganization(studio.app)).access));
      const owner = await newOrganization(studio.app);
      const hooked = await registrationEvent(caller(studio, owner.access));
      // Three endpoints, written before the organisation's first activity (nothing kept yet).
      const repository = createWebhooksRepository(studio.database.db);
      for (let n = 0; n < 3; n += 1)
        await repository.insert({
          organization_id: hooked.organization,
          event_id: hooked.id,
          url: `https://hooks.example.com/${n}`,
          description: '',
          activity_types: ['user_profile:registered'],
          sealed_secret: 'sealed',
          is_active: true,
          created_by: owner.user.id,
        });
      // Each measured after one registration into the same event (what a node keeps is warm).
      const statementsOf = async (eventId: string) => {
        expect((await register(studio, eventId, registrant('Warm'))).status).toBe(201);
        return studio.statementsOf(async () =>
          expect((await register(studio, eventId, registrant('Grace'))).status).toBe(201),
        );
      };
      const without = await statementsOf(plain.id);
      const withEndpoints = await statementsOf(hooked.id);
      expect([...withEndpoints].sort()).toEqual([...without, 'insert webhook_outbox'].sort());
    } finally {
      await studio.close();
    }
  });
});
