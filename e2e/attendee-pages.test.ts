import { describe, expect, it } from 'vitest';
import { accessibilityProblems } from './support/accessibility.ts';
import { signUpWithOrganization } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';

/**
 * A hub page as attendees see it (issue 17 §2), in Chromium: a new organiser lists two events on a
 * hub page in the studio; its public page on the attendee origin lists both, and each link opens
 * that event's registration page.
 */

const person = { firstName: 'Hana', lastName: 'Hub', email: 'hana@hub.test', password: 'Hub@Pages1' };

const e2e = useStudioSession({ name: 'attendee-pages', context: { timezoneId: 'UTC' } });

describe('a hub page on the attendee origin', () => {
  it('lists the two events an organiser put on it, each linking to its registration page, both pages meeting WCAG 2 AA', async () => {
    const { page, studio } = e2e;
    await signUpWithOrganization(page, person, 'Hub Harbour');
    const login = await e2e.api<{ access: string }>('POST', '/auth/login/', {
      email: person.email,
      password: person.password,
    });
    const year = new Date().getUTCFullYear() + 1;
    for (const [title, month] of [
      ['Spring Launch', '04'],
      ['Autumn Launch', '10'],
    ] as const) {
      const created = await e2e.api(
        'POST',
        '/event/',
        { title, start_time: `${year}-${month}-01T15:00:00Z`, end_time: `${year}-${month}-01T17:00:00Z` },
        login.body.access,
      );
      expect(created.status).toBe(201);
    }

    await page.goto('/pages');
    await page.getByRole('button', { name: 'Create Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Page' });
    await dialog.getByLabel('Page name').fill('Launch Hub');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/pages\/[^/]+$/);
    const hubPageId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    for (const title of ['Spring Launch', 'Autumn Launch']) {
      await page.getByLabel('Listed events', { exact: true }).first().click();
      await page.getByRole('option', { name: title }).click();
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('Page updated successfully.', { exact: true }).first().isVisible())
      .toBe(true);

    await page.goto(`${studio.attendeeUrl}/h/${hubPageId}`);
    expect(await page.title()).toBe('Launch Hub');
    const links = page.locator('.page-eventlist a');
    await expect.poll(() => links.allTextContents()).toEqual(['Spring Launch', 'Autumn Launch']);
    // Both pages meet WCAG 2 AA as axe sees them (colours over the page's layered background, which
    // axe leaves undecided, are the stylesheet's own test: attendee-page-style.test.ts).
    expect(await accessibilityProblems(page)).toEqual([]);
    await links.filter({ hasText: 'Autumn Launch' }).click();
    await page.waitForURL(/\/e\/[^/]+\/register$/);
    expect(page.url().startsWith(studio.attendeeUrl)).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Autumn Launch' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Register' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
