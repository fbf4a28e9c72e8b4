import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the page shows this text, exactly (its first such element visible). */
export const showsText = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);

/** Opens the video library's Upload Video dialog (the page is on /videos) and chooses `file`; answers the dialog. */
export async function chooseVideoToUpload(page: Page, file: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload Video' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  return dialog;
}

/** Waits until the Upload Video dialog has sent `file` whole (its upload's phase is done). */
export async function uploadDone(dialog: Locator, file: string, timeout?: number): Promise<void> {
  const upload = dialog.getByRole('group', { name: `Upload of ${path.basename(file)}` });
  await expect.poll(() => upload.getAttribute('data-phase'), timeout ? { timeout } : {}).toBe('done');
}

/** Creates an event of this title from the events list and waits for its dashboard. */
export async function createEvent(page: Page, title: string): Promise<void> {
  await page.goto('/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL(/\/events\/[^/]+\/dashboard$/);
}
