// The stage's first frame (issue 34 "Measured"): in headless Chromium, from the click on "Enter
// event" (the tech check's last step) until the stage's video presents its first frame, beside
// hls.js alone on a blank page (the same origin, the same stream) from its navigation until its
// first frame; median of BENCH_STAGE_TRIALS (default 5) each, alternating, a fresh context each.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { eventAppMessages, techCheckOutcomeText, type StageSource } from '@studio/domain';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { seatedRegistrants } from '../apps/server/src/modules/registration/members/members.fixtures.ts';
import {
  clip,
  createMediaStudio,
  newVideoAsset,
  removeClips,
  transcode,
  waitForStatus,
} from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ensureWebBuild, freePorts, percentile, ratio, webDist } from './bench-util.ts';

const TRIALS = Number(process.env.BENCH_STAGE_TRIALS ?? 5);
/** A page that presents no frame within this fails the figure instead of waiting for ever. */
const FIRST_FRAME_WAIT_MS = 120_000;

const hlsScript = createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js');

/**
 * A page script resolving `window.benchFirstFrame` (ms on the page's clock) at the first frame a
 * video presents once armed: at once, or at the click of the button reading `trigger`; the arming
 * instant is `window.benchArmedAt`. A string: the page runs it as written.
 */
const watchFirstFrame = (trigger: string | null) => `(() => {
  const arm = () => {
    window.benchArmedAt = performance.now();
    window.benchFirstFrame = new Promise((resolve) => {
      document.addEventListener('playing', (event) => {
        const video = event.target;
        if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(() => resolve(performance.now()));
        else resolve(performance.now());
      }, { capture: true, once: true });
    });
  };
  const trigger = ${JSON.stringify(trigger)};
  if (trigger === null) arm();
  else document.addEventListener('click', (event) => {
    if (event.target.closest('button')?.textContent?.includes(trigger)) arm();
  }, true);
})();`;

export async function benchStageFirstFrame(): Promise<string[]> {
  ensureWebBuild();
  process.env.STUDIO_TEST_DATABASE = 'pglite';
  // The attendee site's origin is configured, as in production: the studio answers its media cross-origin to it.
  const [port, attendeePort] = await freePorts(2);
  const origin = `http://127.0.0.1:${port}`;
  const studio = await createMediaStudio({
    publicUrl: origin,
    config: { checkAnswers: false, webDistDir: webDist, eventsPublicUrl: `http://127.0.0.1:${attendeePort}` },
  });
  const browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ]);
  try {
    await studio.app.listen({ port, host: '127.0.0.1' });
    const attendeeUrl = await studio.attendeeSite.listen({ port: attendeePort, host: '127.0.0.1' });
    const admin = await newAdmin(studio);
    const api = caller(studio, admin.access);
    const asset = await newVideoAsset(studio, admin, await clip('h264-aac.mp4'));
    await transcode(studio, admin.access, asset.id);
    await waitForStatus(studio, admin.access, asset.id, ['COMPLETE']);
    const event = await newEvent(api, {
      title: 'Bench stage',
      start: new Date(Date.now() - 600_000),
      end: new Date(Date.now() + 3_600_000),
    });
    // The buffer video plays on the stage while no session does.
    const patched = await api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: asset.id });
    if (patched.status !== 200) throw new Error(`buffer video: ${JSON.stringify(patched.body)}`);
    const people = await seatedRegistrants(
      studio.database.db,
      { organizationId: admin.organization.id, eventId: event.id },
      TRIALS + 1,
    );
    const links: string[] = [];
    // Each trial's attendee is new (the tech check is asked once a person); the last one reads the stage.
    for (const id of people) {
      const link = new URL(
        (await api.get<{ url: string }>(`/api/event/magic_link/?user_id=${id}&event_id=${event.id}`)).body
          .url,
      );
      links.push(`${attendeeUrl}${link.pathname}${link.search}`);
    }
    const entrance = await studio.attendeeSite.inject({
      method: 'GET',
      url: links.at(-1)!.slice(attendeeUrl.length),
    });
    const cookie = String(entrance.headers['set-cookie']).split(';')[0] ?? '';
    const source = (
      await studio.attendeeSite.inject({
        method: 'GET',
        url: `/e/${event.id}/api/stage`,
        headers: { cookie },
      })
    ).json<StageSource>();
    if (!source.hls_url) throw new Error(`the stage plays no stream: ${JSON.stringify(source)}`);
    const stream = new URL(source.hls_url, origin);
    const blankUrl = `${stream.origin}/bench-blank-player.html`;
    const blankPage = `<!doctype html><video muted autoplay playsinline></video><script src="/bench-hls.light.min.js"></script>
<script>const video = document.querySelector('video'); const hls = new Hls();
hls.on(Hls.Events.MANIFEST_PARSED, () => video.play()); hls.loadSource(${JSON.stringify(stream.href)}); hls.attachMedia(video);</script>`;
    const hls = await readFile(hlsScript);

    const stage: number[] = [];
    const blank: number[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const attendee = await browser.newContext();
      const page = await attendee.newPage();
      await page.addInitScript({ content: watchFirstFrame(eventAppMessages.techCheckContinue) });
      await page.goto(links[trial]!);
      await page.waitForURL(`${attendeeUrl}/e/${event.id}/live`);
      await page.getByRole('button', { name: eventAppMessages.techCheckStart }).click();
      await page.getByText(techCheckOutcomeText.camera.passed).waitFor();
      await page.getByRole('button', { name: eventAppMessages.techCheckContinue }).click();
      stage.push(
        await page.evaluate(async (waitMs) => {
          const state = globalThis as unknown as { benchFirstFrame: Promise<number>; benchArmedAt: number };
          const never = new Promise<number>((_, reject) =>
            setTimeout(() => reject(new Error(`the stage presented no frame within ${waitMs} ms`)), waitMs),
          );
          return (await Promise.race([state.benchFirstFrame, never])) - state.benchArmedAt;
        }, FIRST_FRAME_WAIT_MS),
      );
      await attendee.close();

      const player = await browser.newContext();
      const alone = await player.newPage();
      await alone.route(blankUrl, (route) => route.fulfill({ contentType: 'text/html', body: blankPage }));
      await alone.route(`${stream.origin}/bench-hls.light.min.js`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: hls }),
      );
      await alone.addInitScript({ content: watchFirstFrame(null) });
      await alone.goto(blankUrl);
      blank.push(
        await alone.evaluate(
          (waitMs) =>
            Promise.race([
              (globalThis as unknown as { benchFirstFrame: Promise<number> }).benchFirstFrame,
              new Promise<number>((_, reject) =>
                setTimeout(() => reject(new Error(`hls.js presented no frame within ${waitMs} ms`)), waitMs),
              ),
            ]),
          FIRST_FRAME_WAIT_MS,
        ),
      );
      await player.close();
    }
    const [stageMedian, blankMedian] = [percentile(stage, 50), percentile(blank, 50)];
    return [
      `  stage's first frame after "Enter event" median ${stageMedian.toFixed(0)} ms ÷ hls.js alone on a blank page (from its navigation) median ${blankMedian.toFixed(0)} ms: ${ratio(stageMedian / blankMedian)} (goal ≤ 1.5; ${TRIALS} trials each, Chromium headless; slowest ${Math.max(...stage).toFixed(0)} ÷ ${Math.max(...blank).toFixed(0)} ms)`,
    ];
  } finally {
    await browser.close();
    await studio.close();
    await removeClips();
  }
}
