import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestClip } from './support/media.ts';
import { logInToHome, signUpWithOrganization } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';
import { chooseVideoToUpload, createEvent, uploadDone } from './support/studio-steps.ts';

/**
 * The agenda builder (issue 14) in Chromium against the built studio: an organiser builds a
 * two-track agenda with a pre-recorded session playing a library video while a second organiser's
 * browser, on the same agenda, sees each change appear without a reload; a session opens by
 * `?broadcastId=`; a survey written in the library is added to the session.
 */

const person = { firstName: 'Ada', lastName: 'Agenda', email: 'ada@agenda.test', password: 'Ag3nda@Studio' };

const e2e = useStudioSession({ name: 'agenda', context: { timezoneId: 'UTC' } });
let clip: string;
let builder: Page;
let watcher: Page;
let agendaPath: string;

beforeAll(async () => {
  clip = path.join(e2e.dir, 'opening-film.mp4');
  await makeTestClip(clip, 3);
  builder = e2e.page;
  watcher = await e2e.newPage({ timezoneId: 'UTC' });
});

const track = (page: Page, title: string) => page.getByRole('region', { name: `Track ${title}` });
const shows = (_page: Page, locator: ReturnType<Page['getByRole']>) =>
  expect.poll(() => locator.isVisible(), { timeout: 15_000 }).toBe(true);

describe('building an agenda while another organiser watches', () => {
  it('has a processed library video and an event', async () => {
    await signUpWithOrganization(builder, person, 'Agenda Works');
    await builder.goto('/videos');
    const upload = await chooseVideoToUpload(builder, clip);
    await uploadDone(upload, clip, 30_000);
    await upload.getByRole('button', { name: 'Close dialog' }).click();
    const row = builder.locator('tr.studio-video-row', { hasText: 'opening-film' });
    await expect
      .poll(() => row.getByTestId('video-status').textContent(), { timeout: 60_000 })
      .toBe('Completed');

    await createEvent(builder, 'Harbour Summit');
    agendaPath = new URL(builder.url()).pathname.replace(/dashboard$/, 'programs/agenda');
  });

  it('shows the other organiser each track and session as it is added', async () => {
    await builder.goto(agendaPath);
    await logInToHome(watcher, person.email, person.password);
    await watcher.goto(agendaPath);
    await shows(watcher, watcher.getByText('No tracks yet', { exact: true }));
    await watcher.evaluate(() => Object.assign(window, { studioNoReload: true }));

    for (const title of ['Main stage', 'Workshops']) {
      await builder.getByLabel('New track').fill(title);
      await builder.getByRole('button', { name: 'Add track' }).click();
      await shows(builder, track(builder, title));
      await shows(watcher, track(watcher, title));
    }

    await track(builder, 'Main stage').getByRole('button', { name: 'Add to Main stage' }).click();
    await builder.getByRole('menuitem', { name: 'Session' }).click();
    const drawer = builder.getByRole('dialog', { name: 'Add session' });
    await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill('Opening film');
    await drawer.getByLabel('Session type', { exact: true }).first().click();
    await builder.getByRole('option', { name: 'Pre-recorded' }).click();
    await drawer.getByRole('button', { name: 'Add videos' }).click();
    const picker = builder.getByRole('dialog', { name: 'Select Videos' });
    await picker.getByRole('checkbox', { name: 'Select opening-film' }).check();
    await picker.getByRole('button', { name: 'Save', exact: true }).click();
    await shows(builder, drawer.getByText(/1\. opening-film/));
    await drawer.getByRole('button', { name: 'Add session' }).click();

    await shows(watcher, track(watcher, 'Main stage').getByLabel('Session Opening film', { exact: true }));
    expect(
      await watcher.evaluate(() => (window as unknown as { studioNoReload?: boolean }).studioNoReload),
    ).toBe(true);
  });

  it('opens the session by ?broadcastId= with its video', async () => {
    const block = track(builder, 'Main stage').getByLabel('Session Opening film', { exact: true });
    await block.getByRole('button', { name: 'Actions of Opening film' }).click();
    await builder.getByRole('menuitem', { name: 'Edit' }).click();
    await builder.waitForURL((url) => url.searchParams.has('broadcastId'));
    await watcher.goto(builder.url().replace(e2e.studio.url, ''));
    const drawer = watcher.getByRole('dialog', { name: 'Edit session' });
    await expect
      .poll(() => drawer.getByRole('textbox', { name: 'Title', exact: true }).inputValue(), {
        timeout: 15_000,
      })
      .toBe('Opening film');
    expect(await drawer.getByText(/1\. opening-film/).isVisible()).toBe(true);
  });

  it('writes a survey in the library and adds it to the session from its drawer', async () => {
    await builder.keyboard.press('Escape');
    await builder.getByRole('button', { name: 'Surveys' }).click();
    const library = builder.getByRole('dialog', { name: 'Surveys' });
    await library.getByRole('button', { name: 'New survey' }).click();
    const editor = builder.getByRole('dialog', { name: 'New survey' });
    await editor.getByRole('textbox', { name: 'Title' }).fill('Session feedback');
    await editor.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Would you come again?');
    await editor.getByRole('textbox', { name: 'Question 1 option 1' }).fill('Yes');
    await editor.getByRole('textbox', { name: 'Question 1 option 2' }).fill('No');
    await editor.getByRole('button', { name: 'Create survey' }).click();
    await shows(builder, library.getByText('Session feedback'));
    await library.getByRole('button', { name: 'Close the surveys' }).click();

    await builder.goto(`${agendaPath}?broadcastId=${new URL(watcher.url()).searchParams.get('broadcastId')}`);
    const drawer = builder.getByRole('dialog', { name: 'Edit session' });
    await drawer.getByRole('combobox', { name: 'Add a survey from the library' }).click();
    await builder.getByRole('option', { name: 'Session feedback' }).click();
    await drawer.getByRole('button', { name: 'Add survey' }).click();
    await shows(
      builder,
      drawer.getByRole('button', { name: 'Remove survey Session feedback from the session' }),
    );
  });
});
