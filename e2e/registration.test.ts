import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInMessages, registrationOutcomeMessages } from '@studio/domain';
import { launchBrowser } from './support/browser.ts';
import { startStudio, type StudioProcess } from './support/studio-process.ts';

/**
 * Registration as people meet it (issue 16), in Chromium against the built studio: three people
 * register from the event's public page on the attendee origin (the third waitlisted on a 2-seat
 * event), and a check-in desk on a 390 px phone checks one in by typing the name and one by
 * scanning their QR code (an image fed to the scanner's file input).
 */

let dataDir: string;
let studio: StudioProcess;
let browser: Browser;
let access: string;
let eventId: string;

async function api<T>(method: string, url: string, body?: unknown, token = access): Promise<T> {
  const response = await fetch(`${studio.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-e2e-registration-'));
  studio = await startStudio(path.join(dataDir, 'data'), (url) => ({ PUBLIC_URL: url }));
  browser = await launchBrowser();
  const person = {
    email: 'rita@registration.test',
    password: 'R3gister@Studio',
    first_name: 'Rita',
    last_name: 'Reg',
  };
  await api('POST', '/api/auth/signup/', person, '');
  access = (await api<{ access: string }>('POST', '/api/auth/login/', person, '')).access;
  await api('POST', '/api/core/organization/', { name: 'Registration Org' });
  const event = await api<{ id: string }>('POST', '/api/event/', {
    title: 'Harbour Expo',
    start_time: '2031-06-01T09:00:00Z',
    end_time: '2031-06-01T17:00:00Z',
    event_type: 'Conference',
  });
  eventId = event.id;
});

afterAll(async () => {
  await browser?.close();
  await studio?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('registration and check-in', () => {
  it("shows the event's public page on the attendee origin, with its social tags", async () => {
    const page = await browser.newPage();
    await page.goto(`${studio.attendeeUrl}/e/${eventId}`);
    await expect.poll(() => page.title()).toBe('Harbour Expo');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Harbour Expo');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect.poll(() => page.getByLabel('First name').isVisible()).toBe(true);
    await page.close();
  });

  it('registers three people from the public page, the third waitlisted', async () => {
    await api('PATCH', `/api/event/${eventId}/`, { registration_capacity: 2, waitlist_enabled: true });
    const people = [
      ['Ada', 'Lovelace'],
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
    ] as const;
    for (const [index, [first, last]] of people.entries()) {
      const page = await browser.newPage();
      await page.goto(`${studio.attendeeUrl}/e/${eventId}/register`);
      await page.getByLabel('First name').fill(first);
      await page.getByLabel('Last name').fill(last);
      await page.getByLabel('Email').fill(`${first.toLowerCase()}@people.test`);
      await page.getByRole('button', { name: 'Register' }).click();
      const expected =
        index < 2 ? registrationOutcomeMessages.REGISTRATION : registrationOutcomeMessages.WAITLISTED;
      await expect.poll(() => page.getByText(expected).isVisible()).toBe(true);
      await page.close();
    }
  });

  it('checks one in by name and one by a QR image on a 390 px phone, counts updating', async () => {
    const { url } = await api<{ url: string }>('POST', `/api/event/${eventId}/check_in_link/`);
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await page.goto(url);
    await expect
      .poll(() => page.getByText(checkInMessages.counts({ checked_in: 0, registered: 2 })).isVisible())
      .toBe(true);

    await page.getByLabel(checkInMessages.search).fill('ada');
    await page.getByRole('button', { name: `${checkInMessages.checkIn}: Ada Lovelace` }).click();
    await expect.poll(() => page.getByText(checkInMessages.welcome('Ada Lovelace')).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(checkInMessages.counts({ checked_in: 1, registered: 2 })).isVisible())
      .toBe(true);

    // Grace's QR code: the PNG of her confirmation email (the register core renders it).
    const members = await api<{ results: { id: string; first_name: string }[] }>(
      'GET',
      `/api/event/event-members/?event=${eventId}&search=grace`,
    );
    const grace = members.results[0]!;
    const png = await fetch(`${studio.url}/api/event/event-members/${grace.id}/qr_code/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    await page.getByRole('button', { name: checkInMessages.scan }).click();
    await page.getByLabel(checkInMessages.scanFromImage).setInputFiles({
      name: 'grace.png',
      mimeType: 'image/png',
      buffer: Buffer.from(await png.arrayBuffer()),
    });
    await expect.poll(() => page.getByText(checkInMessages.welcome('Grace Hopper')).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(checkInMessages.counts({ checked_in: 2, registered: 2 })).isVisible())
      .toBe(true);
    await phone.close();
  });
});
