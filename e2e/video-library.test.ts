import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestClip } from './support/media.ts';
import { signUpWithOrganization } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';
import { chooseVideoToUpload, createEvent, uploadDone } from './support/studio-steps.ts';

/**
 * The video library as a new organiser uses it (issue 6), in Chromium against the built studio:
 * upload an mp4 through the page, watch it become Completed without a reload, preview it (the
 * player plays), rename, download, search, open its page, pick it as an event's buffer video in
 * 'Select Buffer Video', fail to delete it while the event uses it, then delete it.
 */

const person = {
  firstName: 'Lin',
  lastName: 'Library',
  email: 'lin@library.test',
  password: 'L1brary@Videos',
};
const organizationName = 'Library Works';

const e2e = useStudioSession({ name: 'videos', context: { acceptDownloads: true } });
let clip: string;
/** Every frame the studio's websocket received. */
const pushes: string[] = [];

beforeAll(async () => {
  clip = path.join(e2e.dir, 'harbour-keynote.mp4');
  await makeTestClip(clip, 3);
  e2e.page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => pushes.push(String(payload))),
  );
});

const row = (name: string) => e2e.page.locator('tr.studio-video-row', { hasText: name });
const toast = (text: string) => e2e.page.getByText(text, { exact: true }).first();

async function rowAction(name: string, action: string) {
  await row(name).hover();
  await row(name).getByRole('button', { name: action, exact: true }).click();
}

describe('the video library of a new organisation', () => {
  it('starts empty after sign-up', async () => {
    const { page } = e2e;
    await signUpWithOrganization(page, person, organizationName);

    await page.getByRole('link', { name: 'Video Library' }).click();
    await page.waitForURL((url) => url.pathname === '/videos');
    await expect.poll(() => page.getByText('No videos found', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Upload a video to get started.').isVisible()).toBe(true);
  });

  it('uploads an mp4 and sees it go to Completed without a reload', async () => {
    const { page } = e2e;
    // A marker on the window (a reload would drop it) and every status the table shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { studioNoReload: true, studioStatuses: seen });
      new MutationObserver(() => {
        for (const cell of Array.from(document.querySelectorAll('[data-testid=video-status]'))) {
          const text = cell.textContent ?? '';
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const dialog = await chooseVideoToUpload(page, clip);
    await expect
      .poll(() => toast('Video is uploaded and is being processed...').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await uploadDone(dialog, clip);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();

    await expect.poll(() => row('harbour-keynote').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => row('harbour-keynote').getByTestId('video-status').textContent(), { timeout: 60_000 })
      .toBe('Completed');
    const seen = await page.evaluate(() => {
      const marked = window as unknown as { studioNoReload?: boolean; studioStatuses: string[] };
      return { studioNoReload: marked.studioNoReload, studioStatuses: marked.studioStatuses };
    });
    expect(seen.studioNoReload).toBe(true);
    // It was shown while pending or processing, then Completed — told by the server over the websocket.
    expect(seen.studioStatuses[0]).toMatch(/^(Pending|Processing)$/);
    expect(seen.studioStatuses.at(-1)).toBe('Completed');
    const completed = pushes.map(
      (frame) => JSON.parse(frame) as { type: string; data?: { transcode_status?: string } },
    );
    expect(
      completed.some(
        (message) => message.type === 'video-asset-updated' && message.data?.transcode_status === 'COMPLETE',
      ),
    ).toBe(true);
    expect(await row('harbour-keynote').getByLabel('Duration').textContent()).toBe('00:03');
  });

  it('previews it: the player plays', async () => {
    const { page } = e2e;
    await rowAction('harbour-keynote', 'Preview');
    const dialog = page.getByRole('dialog', { name: 'harbour-keynote' });
    const video = dialog.locator('video');
    await video.waitFor();
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play().catch(() => undefined);
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('renames it with Enter', async () => {
    await rowAction('harbour-keynote', 'Rename');
    const dialog = e2e.page.getByRole('dialog', { name: 'Rename Video' });
    await dialog.getByLabel('Video name').fill('   ');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Video name').fill('Harbour Opening Keynote');
    await dialog.getByLabel('Video name').press('Enter');
    await expect.poll(() => toast('Video renamed successfully.').isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row('Harbour Opening Keynote').isVisible()).toBe(true);
  });

  it('downloads its mp4', async () => {
    const download = e2e.page.waitForEvent('download');
    await rowAction('Harbour Opening Keynote', 'Download');
    expect((await download).suggestedFilename()).toBe('Harbour Opening Keynote.mp4');
    await expect.poll(() => toast('Video downloaded').isVisible()).toBe(true);
  });

  it('finds it by title, keeping the search in the address', async () => {
    const { page } = e2e;
    const search = page.getByPlaceholder('Search by title...');
    await search.fill('opening');
    await page.waitForURL((url) => url.searchParams.get('search') === 'opening');
    await expect.poll(() => row('Harbour Opening Keynote').isVisible()).toBe(true);
    await search.fill('no such talk');
    await expect.poll(() => page.getByText('No videos found matching "no such talk"').isVisible()).toBe(true);
    await page.reload();
    expect(await page.getByPlaceholder('Search by title...').inputValue()).toBe('no such talk');
    await expect.poll(() => page.getByText('No videos found matching "no such talk"').isVisible()).toBe(true);
    await page.getByPlaceholder('Search by title...').fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await expect.poll(() => row('Harbour Opening Keynote').isVisible()).toBe(true);
  });

  it('filters it by source, keeping the filter in the address', async () => {
    const { page } = e2e;
    await page.getByPlaceholder('Source', { exact: true }).click();
    await page.getByRole('option', { name: 'Event Recording' }).click();
    await page.waitForURL((url) => url.searchParams.get('source') === 'EVENT_RECORDING');
    await expect.poll(() => page.getByText('No videos found', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('option', { name: 'Manual Upload' }).click();
    await page.waitForURL((url) => url.searchParams.get('source') === 'EVENT_RECORDING,UPLOAD');
    await expect.poll(() => row('Harbour Opening Keynote').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('source'));
  });

  it('opens its page from the row', async () => {
    const { page } = e2e;
    await row('Harbour Opening Keynote').getByTestId('video-name').click();
    await page.waitForURL((url) => /^\/videos\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect
      .poll(() => page.getByTestId('video-page-title').textContent())
      .toBe('Harbour Opening Keynote');
    expect(await page.getByTestId('video-page-status').textContent()).toBe('Completed');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/videos');
  });

  it("picks it as an event's buffer video in 'Select Buffer Video' (one at most)", async () => {
    const { page } = e2e;
    await createEvent(page, 'Harbour Summit');
    await page.getByRole('link', { name: 'Look and Feel' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/look-and-feel'));
    // Its modules are collapsible panels; the buffer video's is in the Stage section.
    await page.getByRole('button', { name: 'Buffer Video', exact: true }).click();
    await page.waitForURL((url) => url.hash === '#bufferVideo');
    await expect.poll(() => page.getByText('No buffer video selected.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Select Buffer Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Buffer Video' });
    // A maximum of one: radios, not checkboxes.
    const pick = dialog.getByRole('radio', { name: 'Select Harbour Opening Keynote' });
    await pick.waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    await pick.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast('Branding updated successfully.').isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('chosen-video-name').textContent())
      .toBe('Harbour Opening Keynote');
  });

  it('cannot delete it while the event uses it: the destinations are listed', async () => {
    const { page } = e2e;
    const lookAndFeel = page.url();
    await page.goto('/videos');
    await rowAction('Harbour Opening Keynote', 'Delete');
    const inUse = page.getByRole('dialog', { name: 'Video in use' });
    await inUse.waitFor();
    expect(
      await inUse
        .getByText(
          'This video is currently in use in the following destinations and cannot be removed. Please remove the video from these destinations first to proceed.',
        )
        .isVisible(),
    ).toBe(true);
    const destinations = inUse.getByRole('list', { name: 'Destinations' });
    expect(await destinations.getByText('Harbour Summit').isVisible()).toBe(true);
    expect(await destinations.getByRole('link', { name: 'Visit' }).getAttribute('href')).toMatch(
      /^\/events\/[0-9a-f-]{36}\/dashboard$/,
    );
    await inUse.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => row('Harbour Opening Keynote').isVisible()).toBe(true);

    // Freed from the event, it can go.
    await page.goto(lookAndFeel);
    await expect
      .poll(() => page.getByTestId('chosen-video-name').textContent())
      .toBe('Harbour Opening Keynote');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByText('No buffer video selected.').isVisible()).toBe(true);
    await page.goto('/videos');
  });

  it('deletes it after the confirmation and shows the empty library', async () => {
    const { page } = e2e;
    await rowAction('Harbour Opening Keynote', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    // The dialog opens with a transition: wait for it rather than look once.
    await expect
      .poll(() =>
        dialog
          .getByText('You are deleting the video Harbour Opening Keynote. This action cannot be undone.')
          .isVisible(),
      )
      .toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast('Video deleted successfully.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No videos found', { exact: true }).isVisible()).toBe(true);
  });
});
