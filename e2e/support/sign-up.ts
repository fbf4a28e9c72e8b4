import type { Page } from 'playwright-core';
import { organizerWithEventThroughApi, type NewEvent } from './api.ts';

export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Signs a new person up through the page; it opens their Content Lab. */
export async function signUpThroughPage(page: Page, person: NewPerson): Promise<void> {
  await page.goto('/content/auth/signup');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL((url) => url.pathname === '/content');
}

/**
 * Signs a new person up through the page, creates their organisation from the already-logged-in
 * page and waits for its home.
 */
export async function signUpWithOrganization(
  page: Page,
  person: NewPerson,
  organizationName: string,
): Promise<void> {
  await signUpThroughPage(page, person);
  await page.goto('/home');
  await page.waitForURL('**/content/auth/already-logged-in');
  await page.getByRole('link', { name: 'Create an organization' }).click();
  await page.waitForURL('**/createorg');
  await page.getByLabel('Organization name').fill(organizationName);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForURL('**/home');
}

/** Signs an existing person in through the login page. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in through the page and waits for the studio's home. */
export async function logInToHome(page: Page, email: string, password: string): Promise<void> {
  await logIn(page, email, password);
  await page.waitForURL('**/home');
}

/**
 * Signs an organiser up with their organisation and event through the API, then logs them in to
 * the studio's home on the journey's page; answers their access token and the event's id.
 */
export async function organizerWithEventAtHome(
  journey: { studio: { url: string }; page: Page },
  person: Parameters<typeof organizerWithEventThroughApi>[1],
  organizationName: string,
  details: NewEvent,
): Promise<{ access: string; eventId: string }> {
  const created = await organizerWithEventThroughApi(journey.studio.url, person, organizationName, details);
  await logInToHome(journey.page, person.email, person.password);
  return created;
}
