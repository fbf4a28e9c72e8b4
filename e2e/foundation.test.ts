import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpWithOrganization } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';

const person = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', password: 'C0bol@1959' };
const organizationName = 'Harbour Conference';

const e2e = useStudioSession({ name: 'foundation' });

async function logIn(page: Page) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('a newcomer on a fresh studio', () => {
  it('signs up, creates an organisation and lands on the organisation home', async () => {
    const page = await e2e.newPage();
    await signUpWithOrganization(page, person, organizationName);
    await expect.poll(() => page.getByText(organizationName).first().isVisible()).toBe(true);
    expect(await page.title()).toMatch(/ \| Studio$/);
    await page.context().close();
  });

  it('sends a signed-out visit to /videos to Login and back to /videos after sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto('/videos');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/videos');
    await logIn(page);
    await page.waitForURL((url) => url.pathname === '/videos');
    await page.context().close();
  });

  it('shows the 404 page for an unknown path (the error page needs sign-in, spec 001 §2.1)', async () => {
    const page = await e2e.newPage();
    await page.goto('/no/such/place');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await logIn(page);
    await page.waitForURL((url) => url.pathname === '/error');
    expect(new URL(page.url()).searchParams.get('code')).toBe('404');
    await expect.poll(() => page.getByText('404').first().isVisible()).toBe(true);
    await page.goto('/another/unknown/path');
    await page.waitForURL((url) => url.pathname === '/error');
    await page.context().close();
  });

  it('signs out with the spec’s toast and returns to Login', async () => {
    const page = await e2e.newPage();
    await page.goto('/auth/login');
    await logIn(page);
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: /^Account of / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect.poll(() => page.getByText('You have been successfully logged out.').isVisible()).toBe(true);
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.context().close();
  });

  it('keeps the user and the organisation across a restart, after a clean stop', async () => {
    expect(await e2e.restartStudio()).toBe(0);
    const page = await e2e.newPage();
    await page.goto('/auth/login');
    await logIn(page);
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByText(organizationName).first().isVisible()).toBe(true);
    await page.context().close();
  });
});
