import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAreaMessages } from '@studio/domain';
import { callApi, organizerThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { logIn } from './support/sign-up.ts';
import { startStudio, type StudioProcess } from './support/studio-process.ts';

/**
 * Custom code runs only on the attendee origin (issue 17 §4, ARCHITECTURE §1): an organiser saves
 * a Head script in the studio's editor; the event's public registration page runs it, and no
 * studio page the organiser visits does.
 */

const organiser = {
  first_name: 'Cora',
  last_name: 'Code',
  email: 'cora@code-areas-e2e.test',
  password: 'C0de@Areas',
};
const HEAD_SCRIPT = '<script>window.__headMark = 1;</script>';

let dataDir: string;
let studio: StudioProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eventId: string;

const headMark = (on: Page) => on.evaluate(() => (window as { __headMark?: number }).__headMark);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-e2e-code-areas-'));
  studio = await startStudio(path.join(dataDir, 'data'), (url) => ({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '10000',
    PUBLIC_URL: url,
  }));
  const access = await organizerThroughApi(studio.url, organiser, 'Code Harbour');
  const event = await callApi<{ id: string }>(
    studio.url,
    'POST',
    '/event/',
    {
      title: 'Coded Summit',
      start_time: '2031-06-01T09:00:00Z',
      end_time: '2031-06-01T17:00:00Z',
      event_type: 'Conference',
      host_type: 'Virtual',
    },
    access,
  );
  if (event.status !== 201) throw new Error(`event failed: ${JSON.stringify(event.body)}`);
  eventId = event.body.id;
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: studio.url, timezoneId: 'UTC' });
  page = await context.newPage();
  await logIn(page, organiser.email, organiser.password);
  await page.waitForURL('**/home');
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await studio?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('custom code areas, on the attendee origin only', () => {
  it('runs a saved Head script on the public registration page and on no studio page', async () => {
    const editorPath = `/events/${eventId}/registration-new/tracking-pixels`;
    await page.goto(editorPath);
    await page.getByRole('button', { name: 'Edit Head' }).click();
    const editor = page.getByRole('textbox', { name: codeAreaMessages.editorLabel('Head') });
    await editor.click();
    // The stored code goes on the second line, between the read-only <head> and </head>.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.insertText(HEAD_SCRIPT);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(codeAreaMessages.saved('Head')).first().isVisible()).toBe(true);

    // The public registration page on the attendee origin runs it.
    const visitor = await context.newPage();
    await visitor.goto(`${studio.attendeeUrl}/e/${eventId}/register`);
    expect(await headMark(visitor)).toBe(1);
    await visitor.close();

    // Every studio page visited (its editor included) leaves it undefined.
    for (const studioPath of [editorPath, `/events/${eventId}/dashboard`, '/events', '/home']) {
      await page.goto(studioPath);
      await page.waitForLoadState('networkidle');
      expect(await headMark(page), studioPath).toBeUndefined();
    }
  });
});
