import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookMessages } from '@studio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conferenceDay, journeyOrganiser } from './support/api.ts';
import { organizerWithEventAtHome } from './support/sign-up.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';

/**
 * Webhooks (issue 36): an organiser creates a webhook of an event in the studio to a receiver on
 * loopback (let through by OUTBOUND_ALLOWED_HOSTS), someone registers, and the delivery log shows
 * the registration delivered, signed the Standard Webhooks way.
 */

const organiser = journeyOrganiser('Wendy', 'Hook', 'webhooks-e2e.test');

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.end('thanks');
  });
});

const e2e = useStudioSession({
  name: 'webhooks',
  env: { ...generousAuthLimits, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
  context: { timezoneId: 'UTC' },
});
let eventId: string;

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  ({ eventId } = await organizerWithEventAtHome(
    e2e,
    organiser,
    'Hook Harbour',
    conferenceDay('Hooked Summit', 'Virtual'),
  ));
});

afterAll(() => {
  receiver.close();
});

describe('webhooks, from the studio to a receiver', () => {
  it('creates a webhook, shows its secret once, and logs the registration it delivered', async () => {
    const { page } = e2e;
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await page.goto(`/events/${eventId}/integration/webhooks/settings`);
    await page.getByRole('button', { name: 'New webhook' }).click();
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByRole('textbox', { name: 'URL' }).fill(url);
    await form.getByRole('checkbox', { name: 'Registered' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    const secret = await page.getByLabel('New signing secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(webhookMessages.created).count()).toBeGreaterThan(0);

    const person = { email: 'rosa@webhooks-e2e.test', first_name: 'Rosa', last_name: 'Parks' };
    const registered = await e2e.api('POST', `/event/${eventId}/register/`, person);
    expect(registered.status).toBe(201);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'user_profile:registered' });

    const card = page.getByRole('article', { name: url });
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const row = card.getByRole('table', { name: 'Delivery log' }).getByRole('row').nth(1);
    await row.getByText('succeeded').waitFor();
    expect(await row.getByText('Registered').count()).toBe(1);
    expect(await row.getByText('200').count()).toBe(1);
    await row.getByRole('button', { name: /^Show the attempts of Registered/ }).click();
    await card.getByRole('list', { name: 'Attempts' }).getByText('thanks').waitFor();
  });
});
