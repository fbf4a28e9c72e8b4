import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillerSlideMessages } from '@studio/domain';
import { organizerThroughApi } from './support/api.ts';
import { logIn } from './support/sign-up.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';

/**
 * Filler slides (issue 18 §6) in Chromium against the built studio: an organiser uploads a 16:9
 * image in 'Select Filler Slide', waits for the server's job to make it a video ('Processed'),
 * and picks it for the event.
 */

const organiser = {
  first_name: 'Fay',
  last_name: 'Filler',
  email: 'fay@filler-slides-e2e.test',
  password: 'F1ller@Slides',
};

const e2e = useStudioSession({ name: 'filler-slides', env: generousAuthLimits });
let eventId: string;
let access: string;

beforeAll(async () => {
  access = await organizerThroughApi(e2e.studio.url, organiser, 'Filler Works');
  const event = await e2e.api<{ id: string }>(
    'POST',
    '/event/',
    {
      title: 'Filler Summit',
      start_time: '2031-06-01T09:00:00Z',
      end_time: '2031-06-01T17:00:00Z',
      event_type: 'Conference',
      host_type: 'Virtual',
    },
    access,
  );
  if (event.status !== 201) throw new Error(`event failed: ${JSON.stringify(event.body)}`);
  eventId = event.body.id;
  await logIn(e2e.page, organiser.email, organiser.password);
  await e2e.page.waitForURL('**/home');
});

describe('filler slides', () => {
  it("uploads a filler slide, waits for 'Processed' and picks it", async () => {
    const { page } = e2e;
    const image = path.join(e2e.dir, 'intermission.png');
    await promisify(execFile)(process.env.FFMPEG_PATH ?? 'ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720', '-frames:v', '1', image],
    ]);
    await page.goto(`/events/${eventId}/look-and-feel#fillerSlide`);
    await page.getByRole('button', { name: fillerSlideMessages.dialogTitle }).click();
    const dialog = page.getByRole('dialog', { name: fillerSlideMessages.dialogTitle });
    await dialog.locator('input[type=file]').setInputFiles(image);
    const row = dialog.getByLabel('intermission', { exact: true });
    await expect.poll(() => row.getByText('Processed').isVisible(), { timeout: 90_000 }).toBe(true);
    await row.getByRole('button', { name: 'Select' }).click();
    await expect.poll(() => page.getByTestId('chosen-filler-slide').textContent()).toBe('intermission');
    const saved = await e2e.api<{ filler_slide: string | null }>(
      'GET',
      `/event/${eventId}/`,
      undefined,
      access,
    );
    expect(saved.body.filler_slide).toEqual(expect.any(String));
  });
});
