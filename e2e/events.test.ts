import { describe, expect, it } from 'vitest';
import { signUpWithOrganization } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';

/**
 * Events as a new organiser uses them (issue 4), in Chromium against the built studio: create an
 * event, find it by search and filter, duplicate it, reschedule it and delete it.
 */

const person = { firstName: 'Eve', lastName: 'Events', email: 'eve@events.test', password: 'Ev3nts@Studio' };
const organizationName = 'Harbour Events';

const e2e = useStudioSession({ name: 'events', context: { timezoneId: 'UTC' } });

const toast = (text: string) => e2e.page.getByText(text, { exact: true }).first();
const row = (title: string) => e2e.page.locator('tr.studio-event-row', { hasText: title });

async function choose(label: string, option: string) {
  await e2e.page.getByLabel(label, { exact: true }).first().click();
  await e2e.page.getByRole('option', { name: option, exact: true }).click();
}

/** A 'YYYY-MM-DD' date `days` after another. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('events of a new organisation', () => {
  it('starts with no events after sign-up', async () => {
    const { page } = e2e;
    await signUpWithOrganization(page, person, organizationName);

    await page.goto('/events');
    await expect.poll(() => page.getByText('No events found', { exact: true }).isVisible()).toBe(true);
  });

  it('creates an event and lands on its dashboard', async () => {
    const { page } = e2e;
    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Event' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => dialog.getByText('This field is required.').isVisible()).toBe(true);
    await dialog.getByLabel('Title').fill('Harbour Summit');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/events\/[^/]+\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Harbour Summit' }).isVisible()).toBe(true);
  });

  it('finds it by search and filter, with the state in the address', async () => {
    const { page } = e2e;
    await page.goto('/events');
    await expect.poll(() => row('Harbour Summit').isVisible()).toBe(true);
    await page.getByLabel('Search').fill('summit');
    await page.waitForURL((url) => url.searchParams.get('search') === 'summit');
    await expect.poll(() => row('Harbour Summit').isVisible()).toBe(true);
    await page.getByLabel('Search').fill('nothing like it');
    await expect.poll(() => page.getByText('No events found', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Search').fill('harbour');
    await expect.poll(() => row('Harbour Summit').isVisible()).toBe(true);

    await choose('Show', 'Past');
    await page.waitForURL((url) => url.searchParams.get('filter') === 'PastEvents');
    await expect.poll(() => page.getByText('No events found', { exact: true }).isVisible()).toBe(true);
    await choose('Show', 'All');
    await expect.poll(() => row('Harbour Summit').isVisible()).toBe(true);
    await choose('Type', 'Recording');
    await expect.poll(() => page.getByText('No events found', { exact: true }).isVisible()).toBe(true);
    await page.reload();
    expect(new URL(page.url()).searchParams.get('type')).toBe('Recording');
    await choose('Type', 'Conference');
    await expect.poll(() => row('Harbour Summit').isVisible()).toBe(true);
  });

  it('duplicates it: the copy is In progress until Completed', async () => {
    const { page } = e2e;
    await row('Harbour Summit').getByRole('link', { name: 'Harbour Summit' }).click();
    await page.waitForURL(/\/events\/[^/]+\/dashboard$/);
    // The rarer actions are under More actions.
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    // The dialog names the copy 'Copy of {title}' at the event's times; it is kept.
    const dialog = page.getByRole('dialog', { name: 'Duplicate event' });
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe('Copy of Harbour Summit');
    await dialog.getByRole('button', { name: 'Duplicate' }).click();
    await dialog.waitFor({ state: 'detached' });
    const status = page.getByTestId('duplication-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('Completed');
    expect(await page.getByText('Copy of Harbour Summit').isVisible()).toBe(true);
  });

  it('reschedules it', async () => {
    const { page } = e2e;
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Event' });
    const start = await dialog.getByLabel('Start date').inputValue();
    await dialog.getByLabel('Start date').fill(addDays(start, 2));
    await dialog.getByLabel('End date').fill(addDays(start, 2));
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect.poll(() => toast('Event Rescheduled Successfully!').isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    // The details are edited in a drawer over the dashboard.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const details = page.getByRole('dialog', { name: 'Details' });
    await expect.poll(() => details.getByLabel('Start date').inputValue()).toBe(addDays(start, 2));
    await details.getByRole('button', { name: 'Cancel' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('saves it as a template', async () => {
    await e2e.page.getByRole('button', { name: 'More actions' }).click();
    await e2e.page.getByRole('menuitem', { name: 'Save as Template' }).click();
    await expect.poll(() => toast('Template created successfully.').isVisible()).toBe(true);
  });

  it('deletes it after confirmation and goes back to Events', async () => {
    const { page } = e2e;
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast('Event/Recording Deleted Successfully!').isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/events');
    await page.getByLabel('Search').fill('Harbour Summit');
    await expect.poll(() => row('Copy of Harbour Summit').isVisible()).toBe(true);
    expect(await page.locator('tr.studio-event-row').count()).toBe(1);
  });

  it('creates a template and an event from it', async () => {
    const { page } = e2e;
    await page.goto('/templates');
    await expect
      .poll(() => page.locator('tr.studio-template-row', { hasText: 'Harbour Summit' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await expect.poll(() => dialog.getByLabel('Template title').inputValue()).toBe('Your amazing event');
    await dialog.getByLabel('Template title').fill('');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => dialog.getByText('This field is required.').isVisible()).toBe(true);
    await dialog.getByLabel('Template title').fill('Quarterly Webinar');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => toast('Template created successfully.').isVisible()).toBe(true);
    // A new template opens on its dashboard, where it is set up; the list leads back to it.
    await page.waitForURL(/\/templates\/[^/]+\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Quarterly Webinar' }).isVisible()).toBe(true);
    await page.goto('/templates');
    const template = page.locator('tr.studio-template-row', { hasText: 'Quarterly Webinar' });
    await expect.poll(() => template.isVisible()).toBe(true);

    await template.getByRole('button', { name: 'Create Event' }).click();
    const create = page.getByRole('dialog', { name: 'Create Event from Template' });
    await create.getByLabel('Event title').fill('Q1 Webinar');
    await create.getByRole('button', { name: 'Create Event' }).click();
    await page.waitForURL(/\/events\/[^/]+\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Q1 Webinar' }).isVisible()).toBe(true);
  });

  it('creates a repeating event and sees its occurrences on its dashboard', async () => {
    const { page } = e2e;
    await page.goto('/series');
    await page.getByRole('button', { name: 'Create Repeating Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Repeating Event' });
    await dialog.getByLabel('Name').fill('Weekly Standup');
    await dialog.getByLabel('Occurrences').fill('3');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/repeating-event\/[^/]+\/dashboard$/);
    await expect
      .poll(() => page.getByRole('table', { name: 'Series events' }).locator('tbody tr').count(), {
        timeout: 15_000,
      })
      .toBe(3);

    await page.goto('/series?search=standup');
    await expect
      .poll(() => page.locator('tr.studio-series-row', { hasText: 'Weekly Standup' }).isVisible())
      .toBe(true);
  });

  it('creates a hub page listing an event', async () => {
    const { page } = e2e;
    await page.goto('/pages');
    await expect.poll(() => page.getByText('No pages found', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Page' });
    await dialog.getByLabel('Page name').fill('Harbour Hub');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/pages\/[^/]+$/);
    await page.getByLabel('Listed events', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Q1 Webinar' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast('Page updated successfully.').isVisible()).toBe(true);
    await page.goto('/pages');
    const hubRow = page.locator('tr.studio-hub-page-row', { hasText: 'Harbour Hub' });
    await expect.poll(() => hubRow.locator('td').nth(1).textContent()).toBe('1');
  });

  it('keeps a tag library: create, refuse a duplicate, delete', async () => {
    const { page } = e2e;
    await page.goto('/metadata');
    await page.getByRole('button', { name: 'Create Tag' }).click();
    await page.getByRole('dialog', { name: 'Create Tag' }).getByLabel('Tag name').fill('Launch');
    await page.getByRole('dialog', { name: 'Create Tag' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast('Tag created successfully.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Tag' }).click();
    await page.getByRole('dialog', { name: 'Create Tag' }).getByLabel('Tag name').fill(' launch ');
    await page.getByRole('dialog', { name: 'Create Tag' }).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => toast('Tag with name "launch" already exists in the Tag Library.').isVisible())
      .toBe(true);
    await page.getByRole('dialog', { name: 'Create Tag' }).getByRole('button', { name: 'Cancel' }).click();
    await page
      .locator('tr.studio-tag-row', { hasText: 'Launch' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('No tags found', { exact: true }).isVisible()).toBe(true);
  });
});
