import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessibilityProblems } from './support/accessibility.ts';
import { useStudioSession } from './support/studio-session.ts';

/**
 * The studio an organiser lives in (issue 13), on the demo data of `npm run seed:demo`: the demo
 * admin's home shows the live event with its badge, its workspace keeps the event on every tab.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const demoAdmin = { email: 'demo.admin@example.com', password: 'Demo@Studio1' };
const liveEvent = 'All-Hands Live Q&A';

async function seedDemo(dir: string): Promise<void> {
  const seed = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/seed/seed-demo-cli.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  seed.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  seed.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(seed, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seed:demo exited with ${String(code)}:\n${output}`);
}

const e2e = useStudioSession({ name: 'shell', beforeStart: seedDemo, context: { timezoneId: 'UTC' } });

const pathOf = () => new URL(e2e.page.url()).pathname;

describe('the demo admin in the studio', () => {
  it('signs in and sees the live event on the home with its LIVE badge', async () => {
    const { page } = e2e;
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(demoAdmin.email);
    await page.getByLabel('Password', { exact: true }).fill(demoAdmin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home');
    const liveNow = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Live now' }),
    });
    const entry = liveNow.locator('.mantine-Group-root', {
      has: page.getByRole('link', { name: liveEvent }),
    });
    await expect.poll(() => entry.getByText('LIVE', { exact: true }).isVisible()).toBe(true);
  });

  it('opens it and moves through every workspace tab without losing the event, each tab meeting WCAG 2 AA', async () => {
    const { page } = e2e;
    await page.getByRole('link', { name: liveEvent }).first().click();
    await page.waitForURL(/\/webinar\/[0-9a-f-]{36}\/details$/);
    const eventId = pathOf().split('/')[2] ?? '';
    const header = page.getByRole('heading', { name: liveEvent, level: 1 });
    await header.waitFor();

    const areas = page.getByRole('list', { name: 'Webinar areas' }).getByRole('link');
    const areaHrefs = await areas.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    );
    expect(areaHrefs.length).toBeGreaterThan(5);
    const visited: string[] = [];
    // What each page fails of WCAG 2 AA (axe's serious and critical findings), by address.
    const inaccessible: string[] = [];
    const check = async (href: string) => {
      visited.push(href);
      for (const problem of await accessibilityProblems(page)) inaccessible.push(`${href} ${problem}`);
    };
    for (const areaHref of areaHrefs) {
      await page.locator(`nav a[href="${areaHref}"]`).first().click();
      // An area's address opens its first page.
      await page.waitForURL((url) => url.pathname.startsWith(areaHref));
      await header.waitFor();
      await check(areaHref);
      // The pages of this area, when it has more than one (the second row of the navigation).
      const pages = page.locator('nav ul').nth(1).getByRole('link');
      const pageHrefs = await pages.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      );
      for (const pageHref of pageHrefs.filter((href) => href !== areaHref)) {
        await page.locator(`nav a[href="${pageHref}"]`).first().click();
        await page.waitForURL(`**${pageHref}`);
        await header.waitFor();
        await check(pageHref);
      }
    }
    expect(visited.length).toBeGreaterThan(areaHrefs.length);
    expect(inaccessible).toEqual([]);
    for (const href of visited) expect(href).toContain(`/webinar/${eventId}/`);
    // Still the same event in the header, never a bare title or a lost event.
    expect(await header.isVisible()).toBe(true);
    expect(await page.getByText('Event not found').count()).toBe(0);
  });

  it('on a 390 px phone folds the filters of Events and Videos into a Filters drawer', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/events');
    await page.getByRole('table', { name: 'Events' }).waitFor();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const eventFilters = page.getByRole('dialog', { name: 'Filters' });
    await eventFilters.getByLabel('Show').click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await page.waitForURL(/filter=AllEvents/);
    await eventFilters.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: liveEvent }).count()).toBeGreaterThan(0);

    await page.goto('/videos');
    await page.getByRole('table', { name: 'Videos' }).waitFor();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const videoFilters = page.getByRole('dialog', { name: 'Filters' });
    // Each filter is in the drawer (waitFor fails the test when one is missing).
    for (const filter of ['Source', 'Created By', 'Event', 'Tag', 'Series'])
      await videoFilters.getByLabel(filter, { exact: true }).first().waitFor();
    // The search box stays in view beside the button.
    expect(await page.getByRole('textbox', { name: 'Search videos' }).isVisible()).toBe(true);
  });

  it('on that phone, no page is blank while it loads, wider than the screen or short of WCAG 2 AA, and the account menu stays on it', async () => {
    const { page } = e2e;
    // Notes whether the studio's root is ever left without a word on screen while a page loads.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        new MutationObserver(() => {
          if (root.innerText.trim() === '') document.documentElement.dataset.wasBlank = 'yes';
        }).observe(root, { childList: true, subtree: true });
      });
    });
    await page.goto('/events');
    const summitHref = await page
      .getByRole('link', { name: 'Northwind Summit' })
      .first()
      .getAttribute('href');
    const summit = summitHref?.replace(/\/[^/]+$/, '');
    const pages: [string, string, string][] = [
      ['/series', 'table', 'Series'],
      ['/templates', 'table', 'Templates'],
      ['/settings-new/users', 'table', 'Users'],
      ['/settings-new/teams', 'table', 'Teams'],
      ['/metadata', 'table', 'Tags'],
      ['/integrations', 'heading', 'Integrations'],
      [`${summit}/programs/rooms`, 'list', 'Rooms'],
      // Read-only code a keyboard scrolls sideways.
      [`${summit}/registration-new/tracking-pixels`, 'textbox', 'Tracking Pixel Snippet code'],
    ];
    for (const [address, role, name] of pages) {
      await page.goto(address);
      await page
        .getByRole(role as 'table', { name, exact: true })
        .first()
        .waitFor();
      const account = await page.getByRole('button', { name: /^Account of / }).boundingBox();
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      const wasBlank = await page.evaluate(() => document.documentElement.dataset.wasBlank === 'yes');
      expect({
        address,
        wasBlank,
        wider: widths[0]! > widths[1]!,
        accountOnScreen: account!.x + account!.width <= 390,
        inaccessible: await accessibilityProblems(page),
      }).toEqual({
        address,
        wasBlank: false,
        wider: false,
        accountOnScreen: true,
        inaccessible: [],
      });
    }
  });
});
