import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventAppMessages,
  pageMessages,
  registrationOutcomeMessages,
  rtmpInputMessages,
  rtmpInputServerMessages,
  seriesRegisterPath,
  streamOf,
  techCheckOutcomeText,
  type RtmpInput,
} from '@studio/domain';
import { journeyOrganiser, organizerThroughApi } from './support/api.ts';
import { makeTestClip, publishTestPattern } from './support/media.ts';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher.ts';
import { logInToHome } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';
import { chooseVideoToUpload, uploadDone } from './support/studio-steps.ts';

/**
 * The event app as an attendee meets it (issue 17 §3), in Chromium against the built studio with a
 * fake camera and microphone: an organiser's event, open with a buffer video, gets its
 * registration page from the page builder; a person registers on the attendee origin, enters from
 * the confirmation page at once (a new person while the event is open; their confirmation email
 * carries their link too), passes the tech check and watches the buffer video; a pre-recorded
 * session then starts a few seconds later, and the stage plays its video from its start; the
 * organiser then creates a live input, sees in its preview what an encoder (ffmpeg) sends, and an
 * RTMP session playing that input takes the stage live; last the agenda, speakers and booths tabs;
 * and a newcomer registers for the event's series on the series' page and enters from its
 * confirmation.
 */

const organiser = journeyOrganiser('Eve', 'Events', 'event-app.test');
const attendee = { first: 'Grace', last: 'Hopper', email: 'grace@event-app.test' };
const eventTitle = 'Harbour Live';
/** The registration page's title, as the organiser sets it in the page builder. */
const builtTitle = 'Harbour Live — save your seat';
/**
 * How long after the organiser schedules it the session starts: the built studio's clock cannot be
 * moved, so the session is scheduled once the attendee watches the stage, just far enough ahead
 * for its start to be the stage's own switch (a job at that instant) rather than the push of the
 * new programme.
 */
const SESSION_LEAD_MS = 5_000;
/** Long enough for the session's video to still play when the test looks. */
const CLIP_SECONDS = 40;

let mailCatcher: MailCatcher;
beforeAll(async () => {
  mailCatcher = await startMailCatcher();
});
afterAll(() => {
  encoder?.kill('SIGKILL');
  return mailCatcher?.close();
});

const e2e = useStudioSession({
  name: 'event-app',
  env: () => ({ SMTP_URL: mailCatcher.url }),
  browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  context: { timezoneId: 'UTC' },
});
let clip: string;
let organiserPage: Page;
let attendeePage: Page;
let access: string;
let eventId: string;
let videoId: string;
let encoder: ChildProcess | undefined;

const isoAt = (ms: number) => new Date(ms).toISOString();
const api = <T>(method: string, apiPath: string, body?: unknown) => e2e.api<T>(method, apiPath, body, access);
const shows = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
/** Whether the stage's player plays this kind of source, past its first frame. */
const playing = (kind: string) =>
  attendeePage
    .locator(`video[data-kind="${kind}"]`)
    .evaluate((video: HTMLVideoElement) => video.currentTime > 0 && !video.paused)
    .catch(() => false);

beforeAll(async () => {
  clip = path.join(e2e.dir, 'harbour-film.mp4');
  await makeTestClip(clip, CLIP_SECONDS);
  organiserPage = e2e.page;
  attendeePage = await e2e.newPage({ timezoneId: 'Europe/Lisbon' });
});

describe('entering the event app and watching the stage', () => {
  it('has an open event with a buffer video, a speaker and a booth', async () => {
    access = await organizerThroughApi(e2e.studio.url, organiser, 'Harbour Events');
    await logInToHome(organiserPage, organiser.email, organiser.password);
    await organiserPage.goto('/videos');
    const upload = await chooseVideoToUpload(organiserPage, clip);
    await uploadDone(upload, clip, 30_000);
    const videos = async () =>
      (await api<{ results: { id: string; status: string }[] }>('GET', '/core/video_assets/')).body.results;
    await expect.poll(async () => (await videos())[0]?.status, { timeout: 90_000 }).toBe('COMPLETE');
    videoId = (await videos())[0]?.id ?? '';

    // Open since ten minutes, for two hours.
    const event = await api<{ id: string }>('POST', '/event/', {
      title: eventTitle,
      start_time: isoAt(Date.now() - 600_000),
      end_time: isoAt(Date.now() + 7_200_000),
      event_type: 'Conference',
    });
    expect(event.status).toBe(201);
    eventId = event.body.id;
    // The booths tab is the organiser's choice (Stage Navigation); this event shows it.
    const patched = await api('PATCH', `/event/${eventId}/`, {
      stage_roll_video_asset: videoId,
      show_event_booths: true,
    });
    expect(patched.status).toBe(200);
    const speaker = await api('POST', '/event/event-roles/', {
      event: eventId,
      role: 4,
      user: { email: 'ada@event-app.test', first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(speaker.status).toBe(201);
    expect((await api('POST', '/event/booths/', { event: eventId, name: 'Acme Boats' })).status).toBe(201);
  });

  it('builds its registration page in the page builder and publishes it', async () => {
    await organiserPage.goto(`/events/${eventId}/registration-new/page/page-builder`);
    // Puck renders its fields twice (one layout hidden); the root's title is the page's.
    await organiserPage.getByLabel('Page title', { exact: true }).filter({ visible: true }).fill(builtTitle);
    // Its blocks are listed by their names, not their codes.
    await shows(organiserPage.getByText('Event details', { exact: true }).filter({ visible: true }).first());
    expect(await organiserPage.getByText('EventDetails', { exact: true }).count()).toBe(0);
    // Its preview shows the event's own title, not a stand-in.
    await shows(organiserPage.frameLocator('iframe').getByRole('heading', { name: eventTitle, level: 1 }));
    await organiserPage.getByRole('button', { name: 'Publish' }).click();
    await shows(organiserPage.getByText(pageMessages.pageSaved));
  });

  it('registers, enters from the confirmation at once (the email carries the link too), passes the tech check, watches the buffer video', async () => {
    const { studio } = e2e;
    await attendeePage.goto(`${studio.attendeeUrl}/e/${eventId}/register`);
    expect(await attendeePage.title()).toContain(builtTitle);
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
    const magicLink = mail.text.split(/[\s[\]]+/).find((word) => word.startsWith(`${studio.attendeeUrl}/e/`));
    expect(magicLink).toBeDefined();
    // The event is open and the person new: this browser goes in without the email.
    await attendeePage.getByRole('link', { name: eventAppMessages.enterEvent }).click();
    await attendeePage.waitForURL(`**/e/${eventId}/live`);
    await attendeePage.getByRole('button', { name: eventAppMessages.techCheckStart }).click();
    await shows(attendeePage.getByText(techCheckOutcomeText.camera.passed));
    await attendeePage.getByRole('button', { name: eventAppMessages.techCheckContinue }).click();

    await expect.poll(() => playing('buffer'), { timeout: 30_000 }).toBe(true);
    expect(await attendeePage.locator('video').getAttribute('data-source')).toBe(videoId);
  });

  it("switches to a session's video at its start, without a reload", async () => {
    await attendeePage.evaluate(() => Object.assign(window, { studioNoReload: true }));
    const start = Date.now() + SESSION_LEAD_MS;
    const session = await api('POST', '/event/broadcasts/', {
      event: eventId,
      title: 'Harbour keynote',
      broadcast_type: 'SIMULIVE',
      start_time: isoAt(start),
      end_time: isoAt(start + 600_000),
      video_assets: [videoId],
    });
    expect(session.status).toBe(201);

    await expect.poll(() => playing('session_video'), { timeout: 60_000, interval: 500 }).toBe(true);
    expect(await attendeePage.evaluate(() => (window as { studioNoReload?: boolean }).studioNoReload)).toBe(
      true,
    );
  });

  it('creates a live input, previews what an encoder sends, and plays it on the stage in its RTMP session', async () => {
    await organiserPage.goto(`/events/${eventId}/programs/live-inputs`);
    await organiserPage.getByRole('button', { name: 'Create input' }).first().click();
    const dialog = organiserPage.getByRole('dialog', { name: 'Create input' });
    await dialog.getByLabel('Name').fill('Harbour camera');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const card = organiserPage.getByRole('article', { name: 'Harbour camera' });
    // The event is open: its channel accepts a stream.
    await shows(card.getByText(rtmpInputMessages.ready));
    const [input] = (await api<{ results: RtmpInput[] }>('GET', `/event/rtmp_inputs/?event=${eventId}`)).body
      .results;
    expect(input?.input_url).toBe(
      `rtmp://127.0.0.1:${e2e.studio.rtmpPort}/live/${streamOf(input!.input_url)!.key}`,
    );

    encoder = publishTestPattern(input!.input_url, 90);
    await shows(card.getByText(rtmpInputServerMessages.receiving('primary')), 30_000);
    const preview = card.locator('video');
    // The organiser looks at it: Chromium pauses a muted autoplaying video out of view.
    await preview.scrollIntoViewIfNeeded();
    await expect
      .poll(() => preview.evaluate((video: HTMLVideoElement) => video.currentTime > 0).catch(() => false), {
        timeout: 30_000,
      })
      .toBe(true);

    const start = Date.now() + SESSION_LEAD_MS;
    const session = await api('POST', '/event/broadcasts/', {
      event: eventId,
      title: 'Harbour live',
      broadcast_type: 'RTMP',
      rtmp_input: input!.id,
      start_time: isoAt(start),
      end_time: isoAt(start + 600_000),
    });
    expect(session.status).toBe(201);
    await expect.poll(() => playing('live'), { timeout: 60_000, interval: 500 }).toBe(true);
    encoder.kill('SIGKILL');
  });

  it('opens the agenda, speakers and booths tabs', async () => {
    await attendeePage.getByRole('tab', { name: 'Agenda' }).click();
    await shows(attendeePage.getByRole('group', { name: 'Add to Calendar: Harbour keynote' }));
    await attendeePage.getByRole('tab', { name: 'Speakers' }).click();
    await shows(attendeePage.getByText('Ada Lovelace'));
    await attendeePage.getByRole('tab', { name: 'Booths' }).click();
    await shows(attendeePage.getByText('Acme Boats'));
  });

  it("registers for a series on its page and enters its event on now from the series' confirmation", async () => {
    const series = await api<{ id: string }>('POST', '/event/series/', {
      name: 'Harbour season',
      events: [eventId],
    });
    expect(series.status).toBe(201);
    const newcomer = await e2e.newPage({ timezoneId: 'UTC' });
    await newcomer.goto(`${e2e.studio.attendeeUrl}${seriesRegisterPath(series.body.id)}`);
    await newcomer.getByLabel('First name').fill('Alan');
    await newcomer.getByLabel('Last name').fill('Turing');
    await newcomer.getByLabel('Email').fill('alan@event-app.test');
    await newcomer.getByRole('button', { name: 'Register' }).click();
    await shows(newcomer.getByText(registrationOutcomeMessages.REGISTRATION));
    await newcomer.getByRole('link', { name: eventAppMessages.enterEvent }).click();
    await newcomer.waitForURL(`**/e/${eventId}/live`);
    await shows(newcomer.getByRole('button', { name: eventAppMessages.techCheckStart }));
  });
});
