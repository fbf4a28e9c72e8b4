// Live channels (issue 19, performance): glass-to-glass latency and failover switch time, each as a
// ratio to the segment duration encoders are advised (2 s). A real ffmpeg publishes a 720p test
// pattern with a tone to the studio's RTMP port in real time; the channel is read back from the
// database the playlist is rendered from, every 50 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { LIVE_HOLD_SEGMENTS, LIVE_SEGMENT_SECONDS, type RtmpInput } from '@studio/domain';
import { freePort } from '../apps/server/test/free-ports.ts';
import { createTestStudio, tempDir, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';

const SEGMENT_MS = LIVE_SEGMENT_SECONDS * 1000;
const FAILOVER_TRIALS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An encoder as organisers set one: 720p25, H.264 with a keyframe every 2 s, AAC, in real time. */
function publisher(url: string, seconds: number): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '50', '-c:a', 'aac'],
      ...['-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
}

const segmentsOf = (studio: TestStudio, inputId: string) =>
  studio.database.db
    .selectFrom('live_segments')
    .select(['source', 'duration'])
    .where('input_id', '=', inputId)
    .orderBy('sequence')
    .execute();

async function newInput(api: Api, eventId: string, name: string) {
  return (await api.post<RtmpInput>('/api/event/rtmp_inputs/', { event: eventId, name })).body;
}

/**
 * The channel's edge lags the encoder's clock by what packaging takes (a segment is listed once its
 * last frame is in); a viewer plays LIVE_HOLD_SEGMENTS behind the edge. Frame 0 is taken as captured
 * when the encoder was spawned (it is a little later), so the lag is, if anything, over-stated.
 */
async function edgeLag(studio: TestStudio, input: RtmpInput): Promise<{ meanMs: number; firstMs: number }> {
  const spawned = Date.now();
  const encoder = publisher(input.input_url, 24);
  const lags: number[] = [];
  let firstMs = Number.NaN;
  while (Date.now() - spawned < 22_000) {
    const segments = await segmentsOf(studio, input.id);
    if (segments.length > 0) {
      const edge = segments.reduce((sum, segment) => sum + segment.duration, 0) * 1000;
      if (Number.isNaN(firstMs)) firstMs = Date.now() - spawned;
      lags.push(Date.now() - (spawned + edge));
    }
    await sleep(50);
  }
  encoder.kill('SIGKILL');
  return { meanMs: lags.reduce((sum, lag) => sum + lag, 0) / lags.length, firstMs };
}

/** From the primary's drop (SIGKILL: its connection closes) to the failover's first segment on air. */
async function switchTime(studio: TestStudio, input: RtmpInput): Promise<number> {
  const primary = publisher(input.input_url, 40);
  const backup = publisher(input.failover_input_url, 40);
  try {
    while ((await segmentsOf(studio, input.id)).filter((s) => s.source === 'primary').length < 3)
      await sleep(50);
    const dropped = Date.now();
    primary.kill('SIGKILL');
    while ((await segmentsOf(studio, input.id)).at(-1)?.source !== 'failover') await sleep(20);
    return Date.now() - dropped;
  } finally {
    primary.kill('SIGKILL');
    backup.kill('SIGKILL');
  }
}

export async function benchLive(): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = 'pglite';
  const rtmpPort = await freePort();
  const data = await tempDir('bench-live-');
  const studio = await createTestStudio({
    checkAnswers: false,
    role: 'all',
    dataDir: data.path,
    rtmp: { port: rtmpPort, host: '127.0.0.1', publicHost: '127.0.0.1', tls: undefined },
  });
  try {
    const admin = await newAdmin(studio, 'Bench Live Org');
    const api = caller(studio, admin.access);
    const now = Date.now();
    const event = await newEvent(api, {
      title: 'Bench live',
      start: new Date(now - 30 * 60_000),
      end: new Date(now + 120 * 60_000),
    });
    const lag = await edgeLag(studio, await newInput(api, event.id, 'Latency'));
    const switches: number[] = [];
    for (let trial = 0; trial < FAILOVER_TRIALS; trial += 1)
      switches.push(await switchTime(studio, await newInput(api, event.id, `Failover ${trial}`)));
    const ratio = (ms: number) => (ms / SEGMENT_MS).toFixed(2);
    const glass = lag.meanMs + LIVE_HOLD_SEGMENTS * SEGMENT_MS;
    return [
      `Live channels: a real encoder (720p25, keyframes every ${LIVE_SEGMENT_SECONDS} s) to the RTMP port, ratios to the ${LIVE_SEGMENT_SECONDS} s segment`,
      `  glass-to-glass (edge lag ${ratio(lag.meanMs)} measured + the stage's ${LIVE_HOLD_SEGMENTS}-segment hold)  ${ratio(glass)}× (goal ≤ 3)`,
      `  first segment on air after the encoder starts                     ${ratio(lag.firstMs)}×`,
      `  failover switch, primary dropped → backup on air (${FAILOVER_TRIALS} trials)     ${switches.map(ratio).join('×, ')}× (goal ≤ 1.5)`,
    ];
  } finally {
    await studio.close();
    await data.remove();
  }
}
