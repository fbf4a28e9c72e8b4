import {
  messages,
  serverMessages,
  TRIGGER_WEBHOOK_MISSING,
  WEBHOOK_PING,
  webhookMessages,
  type ActivityWebhook,
  type WebhookDelivery,
} from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const EVENT = '00000000-0000-4000-8000-000000000001';
const SETTINGS = `/events/${EVENT}/integration/webhooks/settings`;
const BASE = '/api/event/activity-webhooks/';
const wait = { timeout: 10_000 };
const typist = () => userEvent.setup({ delay: null });

const webhook = (fields: Partial<ActivityWebhook> = {}): ActivityWebhook => ({
  id: 'wh-1',
  event: EVENT,
  series: null,
  studio_template: null,
  url: 'https://crm.example.com/hooks',
  description: 'CRM sync',
  activity_types: ['user_profile:registered', 'user_profile:attended'],
  is_active: true,
  disabled_reason: null,
  created_at: '2026-11-25T10:00:00Z',
  ...fields,
});

const delivery: WebhookDelivery = {
  id: 'dl-1',
  webhook: 'wh-1',
  message_id: 'msg_1',
  activity_type: 'user_profile:registered',
  status: 'failed',
  attempts: [
    {
      attempted_at: '2026-11-25T10:01:00Z',
      status_code: 500,
      error: null,
      response_excerpt: '<b>receiver down</b>',
    },
  ],
  next_attempt_at: null,
  created_at: '2026-11-25T10:01:00Z',
};
const ping: WebhookDelivery = {
  ...delivery,
  id: 'dl-2',
  message_id: 'msg_2',
  activity_type: WEBHOOK_PING,
  status: 'succeeded',
  attempts: [{ ...delivery.attempts[0]!, status_code: 200, response_excerpt: 'ok' }],
};

/** The webhooks API over `hooks` (GET by event or the organisation's, POST, the log and redelivery). */
function webhookRoutes(hooks: ActivityWebhook[], create?: (body: unknown) => Response): ExtraRoutes {
  return (path, init) => {
    const bare = path.split('?')[0];
    if (bare === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
    if (bare === BASE && init.method === 'POST') return create?.(JSON.parse(init.body as string));
    if (bare === BASE) {
      const event = new URLSearchParams(path.split('?')[1]).get('event');
      return page(hooks.filter((hook) => hook.event === event));
    }
    if (bare === `${BASE}wh-1/` && init.method === 'DELETE') {
      hooks.splice(0, hooks.length, ...hooks.filter((hook) => hook.id !== 'wh-1'));
      return new Response(null, { status: 204 });
    }
    if (bare === `${BASE}wh-1/deliveries/`) return page([delivery, ping]);
    if (bare === `${BASE}wh-1/deliveries/dl-1/redeliver/`) return new Response(null, { status: 202 });
    if (bare === `${BASE}wh-1/ping/`)
      return json(404, { code: TRIGGER_WEBHOOK_MISSING, message: webhookMessages.triggerUrlMissing });
    return undefined;
  };
}

describe("an event's webhooks (issue 36)", () => {
  it('lists each webhook with its URL, activities in words, switch and the reason the studio turned it off', async () => {
    const off = webhook({ is_active: false, disabled_reason: 'Failed for good 3 times in a row.' });
    openStudio(SETTINGS, { user: ada, routes: webhookRoutes([off]) });
    const card = await screen.findByRole('article', { name: off.url }, wait);
    const activities = within(card).getByRole('list', { name: 'Activities' });
    expect(
      within(activities)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Registered', 'Checked in']);
    expect(
      within(card).getByRole<HTMLInputElement>('switch', { name: `Webhook ${off.url} on` }).checked,
    ).toBe(false);
    expect(within(card).getByText('Failed for good 3 times in a row.')).toBeTruthy();
  });

  it('says when the event has no webhook yet', async () => {
    openStudio(SETTINGS, { user: ada, routes: webhookRoutes([]) });
    expect(await screen.findByRole('region', { name: 'No webhooks yet' }, wait)).toBeTruthy();
  });

  it('creates a webhook and shows its secret once, with a copy button', async () => {
    const { fetchMock } = openStudio(SETTINGS, {
      user: ada,
      routes: webhookRoutes([], (body) =>
        json(201, { ...webhook(), ...(body as object), secret: 'whsec_c2VjcmV0' }),
      ),
    });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'New webhook' }, wait));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://crm.example.com/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'Registered' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByLabelText('New signing secret').textContent).toBe('whsec_c2VjcmV0');
    expect(within(secret).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(within(secret).getByText(/shown only once/)).toBeTruthy();
    expect(callsTo(fetchMock, BASE).find((call) => call.method === 'POST')?.body).toEqual({
      event: EVENT,
      series: null,
      studio_template: null,
      url: 'https://crm.example.com/hooks',
      description: '',
      activity_types: ['user_profile:registered'],
      is_active: true,
    });
  });

  it("shows the server's refusal of a private URL on the URL field", async () => {
    openStudio(SETTINGS, {
      user: ada,
      routes: webhookRoutes([], () =>
        json(400, {
          message: webhookMessages.urlNotAllowed,
          code: 'WEBHOOK_URL_NOT_ALLOWED',
          errors: { url: [webhookMessages.urlNotAllowed] },
        }),
      ),
    });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'New webhook' }, wait));
    const form = screen.getByRole('form', { name: 'New webhook' });
    const url = within(form).getByRole('textbox', { name: /URL/ });
    await user.type(url, 'http://intranet.example/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'Checked in' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(webhookMessages.urlNotAllowed)).toBeTruthy();
  });

  it("says in plain words what an empty form lacks (never the checker's own English)", async () => {
    const { fetchMock } = openStudio(SETTINGS, { user: ada, routes: webhookRoutes([]) });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'New webhook' }, wait));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(messages.fieldRequired)).toBeTruthy();
    expect(within(form).getByText(webhookMessages.chooseActivity)).toBeTruthy();
    expect(within(form).queryByText(/Too small|Invalid URL/)).toBeNull();
    expect(callsTo(fetchMock, BASE).filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("opens the delivery log, a delivery's attempts with the answer as text, and redelivers it", async () => {
    const { fetchMock } = openStudio(SETTINGS, { user: ada, routes: webhookRoutes([webhook()]) });
    const user = typist();
    const card = await screen.findByRole('article', { name: webhook().url }, wait);
    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const log = await within(card).findByRole('table', { name: 'Delivery log' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(within(row).getByText('Registered')).toBeTruthy();
    // The whole word, even where the table is narrower than its columns (a phone).
    expect(within(row).getByText('failed').closest<HTMLElement>('.mantine-Badge-root')?.style.minWidth).toBe(
      'max-content',
    );
    expect(within(within(log).getAllByRole('row')[2]!).getByText('Test ping')).toBeTruthy();
    expect(within(row).getByText('500')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /^Show the attempts of Registered/ }));
    const attempts = within(log).getByRole('list', { name: 'Attempts' });
    expect(within(attempts).getByText('<b>receiver down</b>')).toBeTruthy();
    expect(attempts.querySelector('b')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText(webhookMessages.redelivered)).toBeTruthy();
    expect(callsTo(fetchMock, `${BASE}wh-1/deliveries/dl-1/redeliver/`).map((call) => call.method)).toEqual([
      'POST',
    ]);
  });
});

describe("a webhook's deletion", () => {
  it('reads its delivery log no more once it is deleted with the log open', async () => {
    const { fetchMock } = openStudio(SETTINGS, { user: ada, routes: webhookRoutes([webhook()]) });
    const user = typist();
    const card = await screen.findByRole('article', { name: webhook().url }, wait);
    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    await within(card).findByRole('table', { name: 'Delivery log' });
    const readsBefore = callsTo(fetchMock, `${BASE}wh-1/deliveries/`).length;
    await user.click(within(card).getByRole('button', { name: `Delete ${webhook().url}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(webhookMessages.deleted)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'No webhooks yet' }, wait)).toBeTruthy();
    expect(callsTo(fetchMock, `${BASE}wh-1/deliveries/`)).toHaveLength(readsBefore);
  });
});

describe("a webhook's ping", () => {
  it('says the system is unavailable when the webhook is gone (deleted meanwhile)', async () => {
    openStudio(SETTINGS, { user: ada, routes: webhookRoutes([webhook()]) });
    const card = await screen.findByRole('article', { name: webhook().url }, wait);
    await typist().click(within(card).getByRole('button', { name: 'Ping' }));
    expect(await screen.findByText(webhookMessages.triggerFailed)).toBeTruthy();
  });
});

describe("an event's integrations summary", () => {
  it('counts the webhooks with a link to them', async () => {
    openStudio(`/events/${EVENT}/integration/summary`, { user: ada, routes: webhookRoutes([webhook()]) });
    const card = await screen.findByRole('article', { name: 'Webhooks' }, wait);
    expect(await within(card).findByText('1 webhook')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Manage webhooks' }).getAttribute('href')).toBe(
      `/events/${EVENT}/integration/webhooks`,
    );
  });
});

describe("the organisation's webhooks on /integrations", () => {
  it('lists the organisation-wide webhooks (no event) with the same cards', async () => {
    const everyEvent = webhook({ id: 'wh-2', event: null, url: 'https://hooks.example.com/all' });
    const { fetchMock } = openStudio('/integrations', {
      user: ada,
      routes: webhookRoutes([webhook(), everyEvent]),
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' }, wait);
    expect(await within(section).findByRole('article', { name: everyEvent.url }, wait)).toBeTruthy();
    expect(within(section).queryByRole('article', { name: webhook().url })).toBeNull();
    // The event's own webhook is not lost: the page says where such webhooks are.
    expect(
      within(section).getByText(
        /An event's, a series' or a template's own webhooks are under its Integrations\./,
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, BASE)[0]?.url).not.toContain('event=');
  });
  /** A member of Acme with an organisation role and its permission list, on the webhooks API. */
  const openAsMember = (role: string, permissions: string[], hooks: ActivityWebhook[]) =>
    openStudio('/integrations', {
      user: { ...ada, id: 'user-5', role, is_admin: false },
      permissions,
      routes: webhookRoutes(hooks),
    });

  it("lets an Integrations Editor manage them, with the organisation's Slack and CRMs", async () => {
    const everyEvent = webhook({ id: 'wh-2', event: null, url: 'https://hooks.example.com/all' });
    openAsMember(
      'INTEGRATIONS_EDITOR',
      ['workspace:read', 'event:read', 'integration:read', 'integration:update'],
      [everyEvent],
    );
    const section = await screen.findByRole('region', { name: 'Webhooks' }, wait);
    expect(await within(section).findByRole('article', { name: everyEvent.url }, wait)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'New webhook' })).toBeTruthy();
    expect(within(section).queryByText(serverMessages.forbidden)).toBeNull();
    expect(screen.getByRole('region', { name: 'Slack' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'CRM' })).toBeTruthy();
  });

  it("tells a team admin (their teams' integrations only) that they are not theirs", async () => {
    openAsMember(
      'WORKSPACE_ADMIN',
      ['user:read', 'event:read', 'event:update', 'integration:read', 'integration:update'],
      [],
    );
    const section = await screen.findByRole('region', { name: 'Webhooks' }, wait);
    expect(within(section).getByText(serverMessages.forbidden)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'New webhook' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Slack' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'CRM' })).toBeNull();
  });
});
