import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAppMessages, registrationOutcomeMessages, techCheckOutcomeText } from '@studio/domain';
import { callApi, organizerThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { makeTestClip } from './support/media.ts';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher.ts';
import { logIn } from './support/sign-up.ts';
import { startStudio, type StudioProcess } from './support/studio-process.ts';

/**
 * The event app as an attendee meets it (issue 17 §3), in Chromium against the built studio with
 * a fake camera and microphone: an organiser's event opens with a buffer video and a pre-recorded
 * session starting a few minutes later; a person registers on the attendee origin, enters with
 * the magic link of their confirmation email, passes the tech check, watches the buffer video,
 * then the session's video from its start, and opens the agenda, speakers and booths tabs.
 */

const organiser = {
  first_name: 'Eve',
  last_name: 'Events',
  email: 'eve@event-app.test',
  password: 'Ev3nt@Studio',
};
const attendee = { first: 'Grace', last: 'Hopper', email: 'grace@event-app.test' };
const eventTitle = 'Harbour Live';
/** Long enough for the session's video to still play when the test looks. */
const CLIP_SECONDS = 40;

let dataDir: string;
let clip: string;
let mailCatcher: MailCatcher;
let studio: StudioProcess;
let browser: Browser;
let organiserPage: Page;
let attendeePage: Page;
let access: string;
let eventId: string;
let videoId: string;

const api = <T>(method: string, apiPath: string, body?: unknown) =>
  callApi<T>(studio.url, method, apiPath, body, access);
const shows = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
/** Whether the stage's player plays this kind of source, past its first frame. */
const playing = (kind: string) =>
  attendeePage
    .locator(`video[data-kind="${kind}"]`)
    .evaluate((video: HTMLVideoElement) => video.currentTime > 0 && !video.paused)
    .catch(() => false);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-e2e-event-app-'));
  clip = path.join(dataDir, 'harbour-film.mp4');
  await makeTestClip(clip, CLIP_SECONDS);
  mailCatcher = await startMailCatcher();
  studio = await startStudio(path.join(dataDir, 'data'), (url) => ({
    PUBLIC_URL: url,
    SMTP_URL: mailCatcher.url,
  }));
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
  organiserPage = await (await browser.newContext({ baseURL: studio.url, timezoneId: 'UTC' })).newPage();
  attendeePage = await (await browser.newContext({ timezoneId: 'Europe/Lisbon' })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await studio?.stop();
  await mailCatcher?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('entering the event app and watching the stage', () => {
  it('has an event with a buffer video and a pre-recorded session starting soon', async () => {
    access = await organizerThroughApi(studio.url, organiser, 'Harbour Events');
    await logIn(organiserPage, organiser.email, organiser.password);
    await organiserPage.waitForURL('**/home');
    await organiserPage.goto('/videos');
    await organiserPage.getByRole('button', { name: 'Upload Video' }).first().click();
    const upload = organiserPage.getByRole('dialog', { name: 'Upload Video' });
    await upload.locator('input[type=file]').setInputFiles(clip);
    await expect
      .poll(
        () => upload.getByRole('group', { name: 'Upload of harbour-film.mp4' }).getAttribute('data-phase'),
        { timeout: 30_000 },
      )
      .toBe('done');
    const videos = async () =>
      (await api<{ results: { id: string; status: string }[] }>('GET', '/core/video_assets/')).body.results;
    await expect.poll(async () => (await videos())[0]?.status, { timeout: 90_000 }).toBe('COMPLETE');
    videoId = (await videos())[0]?.id ?? '';

    // Open since ten minutes; its one session starts in two minutes.
    const now = Date.now();
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    const event = await api<{ id: string }>('POST', '/event/', {
      title: eventTitle,
      start_time: at(-600),
      end_time: at(7200),
      event_type: 'Conference',
    });
    expect(event.status).toBe(201);
    eventId = event.body.id;
    expect((await api('PATCH', `/event/${eventId}/`, { stage_roll_video_asset: videoId })).status).toBe(200);
    const session = await api('POST', '/event/broadcasts/', {
      event: eventId,
      title: 'Harbour keynote',
      broadcast_type: 'SIMULIVE',
      start_time: at(120),
      end_time: at(120 + 600),
      video_assets: [videoId],
    });
    expect(session.status).toBe(201);
    const speaker = await api('POST', '/event/event-roles/', {
      event: eventId,
      role: 4,
      user: { email: 'ada@event-app.test', first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(speaker.status).toBe(201);
    expect((await api('POST', '/event/booths/', { event: eventId, name: 'Acme Boats' })).status).toBe(201);
  });

  it('registers, enters with the emailed magic link, passes the tech check, watches the buffer video', async () => {
    await attendeePage.goto(`${studio.attendeeUrl}/e/${eventId}/register`);
    await attendeePage.getByLabel('First name').fill(attendee.first);
    await attendeePage.getByLabel('Last name').fill(attendee.last);
    await attendeePage.getByLabel('Email').fill(attendee.email);
    await attendeePage.getByRole('button', { name: 'Register' }).click();
    await shows(attendeePage.getByText(registrationOutcomeMessages.REGISTRATION));
    const mail = await mailCatcher.waitFor(
      (message) =>
        message.envelopeTo.includes(attendee.email) &&
        message.subject === `You are registered for ${eventTitle}`,
      60_000,
    );
    const magicLink = mail.text.split(/\s+/).find((word) => word.startsWith(`${studio.attendeeUrl}/e/`));
    expect(magicLink).toBeDefined();
    await attendeePage.goto(magicLink ?? '');
    await attendeePage.waitForURL(`**/e/${eventId}/live`);
    await attendeePage.getByRole('button', { name: eventAppMessages.techCheckStart }).click();
    await shows(attendeePage.getByText(techCheckOutcomeText.camera.passed));
    await attendeePage.getByRole('button', { name: eventAppMessages.techCheckContinue }).click();

    await expect.poll(() => playing('buffer'), { timeout: 30_000 }).toBe(true);
    expect(await attendeePage.locator('video').getAttribute('data-source')).toBe(videoId);
  });

  it("switches to the session's video at its start, without a reload", async () => {
    await expect.poll(() => playing('session_video'), { timeout: 200_000, interval: 500 }).toBe(true);
  }, 240_000);

  it('opens the agenda, speakers and booths tabs', async () => {
    await attendeePage.getByRole('tab', { name: 'Agenda' }).click();
    await shows(attendeePage.getByRole('group', { name: 'Add to Calendar: Harbour keynote' }));
    await attendeePage.getByRole('tab', { name: 'Speakers' }).click();
    await shows(attendeePage.getByText('Ada Lovelace'));
    await attendeePage.getByRole('tab', { name: 'Booths' }).click();
    await shows(attendeePage.getByText('Acme Boats'));
  });
});
