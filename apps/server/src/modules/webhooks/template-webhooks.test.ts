import type { ActivityWebhook, Page, StudioEvent, StudioTemplate, WebhookDelivery } from '@studio/domain';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudio, openedForFile } from '../../../test/file-studio.ts';
import { eventually, newOrganization } from '../../../test/harness.ts';
import { caller, type Api } from '../back-office/back-office.fixtures.ts';
import { register, registrant, registrationEvent } from '../registration/registrants/registrants.fixtures.ts';
import { startReceiver, type Received } from './webhooks.fixtures.ts';

type Created = ActivityWebhook & { secret: string };
const base = '/api/event/activity-webhooks/';

/**
 * Issue 36 §1, spec 001 §7: template webhooks and pings, copied onto the events made from the
 * template; series webhooks, delivered the activities of the series' events.
 */
describe('template and series webhooks', () => {
  const receiver = openedForFile(startReceiver);
  const studio = fileStudio({
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
  });
  let api: Api;
  let other: Api;
  let template: StudioTemplate;

  beforeAll(async () => {
    api = caller(studio, (await newOrganization(studio.app)).access);
    other = caller(studio, (await newOrganization(studio.app, 'Other Org')).access);
    const created = await api.post<StudioTemplate>('/api/event/studio-templates/', { title: 'Webinar kit' });
    expect(created.status).toBe(201);
    template = created.body;
  });

  const deliveriesOf = async (id: string) =>
    (await api.get<Page<WebhookDelivery>>(`${base}${id}/deliveries/`)).body.results;
  const verify = (secret: string, delivery: Received) =>
    new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };

  it("lists, creates, updates and pings a template's webhook, which no activity reaches", async () => {
    const created = await api.post<Created>(base, {
      studio_template: template.id,
      url: receiver.url,
      description: 'Kit receiver',
      activity_types: ['user_profile:registered'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ studio_template: template.id, event: null });
    const listed = await api.get<Page<ActivityWebhook>>(`${base}?studio_template=${template.id}`);
    expect(listed.body.results.map((one) => one.id)).toEqual([created.body.id]);
    // Not one of the organisation's (every event's) webhooks.
    expect((await api.get<Page<ActivityWebhook>>(base)).body.count).toBe(0);

    const patched = await api.patch<ActivityWebhook>(`${base}${created.body.id}/`, {
      activity_types: ['user_profile:registered', 'user_profile:attended'],
    });
    expect(patched.body.activity_types).toEqual(['user_profile:registered', 'user_profile:attended']);

    // The ping: a signed test message, its result in the delivery log.
    expect((await api.post(`${base}${created.body.id}/ping/`)).status).toBe(202);
    await eventually(async () =>
      expect((await deliveriesOf(created.body.id)).map((one) => [one.activity_type, one.status])).toEqual([
        ['webhook.ping', 'succeeded'],
      ]),
    );
    expect(verify(created.body.secret, receiver.received.at(-1)!).type).toBe('webhook.ping');

    // A registration reaches an event's webhook, never the template's.
    const event = await registrationEvent(api);
    const eventHook = await api.post<Created>(base, {
      event: event.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect((await register(studio, event.id, registrant('Grace'))).status).toBe(201);
    await eventually(async () => expect(await deliveriesOf(eventHook.body.id)).toHaveLength(1));
    expect(await deliveriesOf(created.body.id)).toHaveLength(1);
    expect((await api.delete(`${base}${eventHook.body.id}/`)).status).toBe(204);
  });

  it('copies the template’s webhooks onto an event made from it, signed with the same secret', async () => {
    const kit = (await api.post<StudioTemplate>('/api/event/studio-templates/', { title: 'Summit kit' }))
      .body;
    const hook = await api.post<Created>(base, {
      studio_template: kit.id,
      url: receiver.url,
      activity_types: ['user_profile:attended'],
      is_active: false,
    });
    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${kit.id}/create_event/`, {
      title: 'Summit, autumn',
      start_time: '2031-10-01T15:00:00Z',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const copies = (await api.get<Page<ActivityWebhook>>(`${base}?event=${made.body.id}`)).body.results;
    expect(copies).toEqual([
      expect.objectContaining({
        event: made.body.id,
        studio_template: null,
        url: receiver.url,
        activity_types: ['user_profile:attended'],
        is_active: false,
      }),
    ]);
    // The copy is the event's own; the template keeps its webhook.
    expect((await api.delete(`${base}${copies[0]!.id}/`)).status).toBe(204);
    expect((await api.get<Page<ActivityWebhook>>(`${base}?studio_template=${kit.id}`)).body.count).toBe(1);

    const again = await api.post<StudioEvent>(`/api/event/studio-templates/${kit.id}/create_event/`, {
      title: 'Summit, winter',
      start_time: '2031-12-01T15:00:00Z',
    });
    const [copy] = (await api.get<Page<ActivityWebhook>>(`${base}?event=${again.body.id}`)).body.results;
    await api.patch(`${base}${copy!.id}/`, { is_active: true });
    const before = receiver.received.length;
    expect((await api.post(`${base}${copy!.id}/ping/`)).status).toBe(202);
    await eventually(() => Promise.resolve(expect(receiver.received.length).toBe(before + 1)));
    expect(verify(hook.body.secret, receiver.received.at(-1)!).type).toBe('webhook.ping');
  });

  it('copies the template’s webhooks onto an existing event with its integration template, once', async () => {
    const kit = (await api.post<StudioTemplate>('/api/event/studio-templates/', { title: 'Copy kit' })).body;
    const hook = await api.post<Created>(base, {
      studio_template: kit.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect(hook.status).toBe(201);
    const event = await registrationEvent(api);
    const copy = () =>
      api.post(`/api/event/${event.id}/copy_integration_template/`, { studio_template_id: kit.id });
    expect((await copy()).status).toBe(200);
    // Copied again: the event keeps the one endpoint it has for that URL.
    expect((await copy()).status).toBe(200);
    const copies = (await api.get<Page<ActivityWebhook>>(`${base}?event=${event.id}`)).body.results;
    expect(copies).toEqual([
      expect.objectContaining({
        event: event.id,
        studio_template: null,
        url: receiver.url,
        activity_types: ['user_profile:registered'],
        is_active: true,
      }),
    ]);
    // The copy delivers the event's registrations, signed with the template's secret.
    expect((await register(studio, event.id, registrant('Ada'))).status).toBe(201);
    await eventually(async () =>
      expect((await deliveriesOf(copies[0]!.id)).map((one) => one.status)).toEqual(['succeeded']),
    );
    const delivered = receiver.received.findLast((one) => one.body.includes('user_profile:registered'));
    expect(verify(hook.body.secret, delivered!).data).toMatchObject({ event_id: event.id });
  });

  it("delivers a series' events' activities to the series' webhooks, and no other event's", async () => {
    const inSeries = await registrationEvent(api);
    const outside = await registrationEvent(api);
    const series = await api.post<{ id: string }>('/api/event/series/', {
      name: 'Quarterly',
      events: [inSeries.id],
    });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    const hook = await api.post<Created>(base, {
      series: series.body.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    expect(hook.body).toMatchObject({ series: series.body.id, event: null, studio_template: null });
    const listed = await api.get<Page<ActivityWebhook>>(`${base}?series=${series.body.id}`);
    expect(listed.body.results.map((one) => one.id)).toEqual([hook.body.id]);
    // Neither an organisation-wide webhook nor an event's.
    expect((await api.get<Page<ActivityWebhook>>(base)).body.results.map((one) => one.id)).not.toContain(
      hook.body.id,
    );
    expect((await api.get<Page<ActivityWebhook>>(`${base}?event=${inSeries.id}`)).body.count).toBe(0);

    // An event outside the series: its registration reaches its own webhook, not the series'.
    const outsideHook = await api.post<Created>(base, {
      event: outside.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect((await register(studio, outside.id, registrant('Outsider'))).status).toBe(201);
    await eventually(async () => expect(await deliveriesOf(outsideHook.body.id)).toHaveLength(1));
    expect(await deliveriesOf(hook.body.id)).toEqual([]);

    expect((await register(studio, inSeries.id, registrant('Member'))).status).toBe(201);
    await eventually(async () =>
      expect((await deliveriesOf(hook.body.id)).map((one) => one.status)).toEqual(['succeeded']),
    );
    const delivered = receiver.received.findLast((one) => one.body.includes(inSeries.id));
    expect(verify(hook.body.secret, delivered!).data).toMatchObject({ event_id: inSeries.id });

    expect((await other.get(`${base}?series=${series.body.id}`)).status).toBe(404);
    expect((await other.patch(`${base}${hook.body.id}/`, { is_active: false })).status).toBe(404);
    const two = await api.post<{ errors: Record<string, string[]> }>(base, {
      event: inSeries.id,
      series: series.body.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect(two.status).toBe(400);
    expect(two.body.errors.series).toEqual(['A webhook belongs to one event, series or template.']);
  });

  it("keeps another organisation's template out: 404 to list, create, change or ping", async () => {
    const hook = await api.post<Created>(base, {
      studio_template: template.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect((await other.get(`${base}?studio_template=${template.id}`)).status).toBe(404);
    expect(
      (
        await other.post(base, {
          studio_template: template.id,
          url: receiver.url,
          activity_types: ['user_profile:registered'],
        })
      ).status,
    ).toBe(404);
    expect((await other.patch(`${base}${hook.body.id}/`, { is_active: false })).status).toBe(404);
    expect((await other.post(`${base}${hook.body.id}/ping/`)).status).toBe(404);
    const both = await api.post<{ errors: Record<string, string[]> }>(base, {
      event: (await registrationEvent(api)).id,
      studio_template: template.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect(both.status).toBe(400);
    expect(both.body.errors.studio_template).toBeDefined();
  });
});
