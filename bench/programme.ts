// The programme (issue 14): an agenda's read beside /api/health, and the live-update fan-out to
// 200 studios beside the same broadcast from a bare `ws` server, in one run.
import { performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';
import { bearer, createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { percentile, postAs, ratio, requestP99, timed } from './bench-util.ts';
import { programmeDayEvent, programmeDaySessions } from './programme-day.ts';

const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);
const SESSIONS = 300;
const TRACKS = 10;
const SOCKETS = 200;
const ROUNDS = 30;

/** Opens `count` sockets that all receive `arrived(received frame)` and are ready when this resolves. */
async function openSockets(
  count: number,
  url: string,
  onMessage: (data: string) => void,
  setup?: (socket: WebSocket) => Promise<void>,
) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const socket = new WebSocket(url);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      await setup?.(socket);
      socket.on('message', (data) => onMessage(Buffer.from(data as Buffer).toString('utf8')));
      return socket;
    }),
  );
}

/** Resolves when `expected` frames matching `type` have arrived since `start()`. */
function counter(type: string) {
  let seen = 0;
  let want = 0;
  let done: (() => void) | null = null;
  return {
    onMessage(data: string) {
      if (!data.includes(`"${type}"`)) return;
      seen += 1;
      if (seen >= want && done) done();
    },
    wait(expected: number): Promise<void> {
      seen = 0;
      want = expected;
      return new Promise((resolve) => (done = resolve));
    },
  };
}

export async function benchProgramme(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false });
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const sockets: WebSocket[] = [];
  try {
    const admin = await newAdmin(studio);
    const event = await programmeDayEvent(studio, admin.access, 'Bench summit');
    const tracks: string[] = [];
    for (let i = 0; i < TRACKS; i += 1) {
      const track = await postAs(studio, admin.access, '/api/event/tracks/', {
        event: event.id,
        title: `Track ${i}`,
      });
      tracks.push(track.id);
    }
    await programmeDaySessions(studio, admin.access, event.id, SESSIONS, (i) => ({
      tracks: [tracks[i % TRACKS]],
    }));
    const auth = bearer(admin.access);
    const health = await requestP99(studio, '/api/health', {}, RUNS);
    const paths = ['broadcasts', 'tracks', 'agenda-item'].map(
      (path) => `/api/event/${path}/?event=${event.id}`,
    );
    const reads: number[] = [];
    for (let i = 0; i < RUNS + 20; i += 1) {
      const took = await timed(() =>
        Promise.all(paths.map((url) => studio.app.inject({ method: 'GET', url, headers: auth }))),
      );
      if (i >= 20) reads.push(took);
    }
    const agenda = percentile(reads, 99);

    // Fan-out: the studio's gateway and a bare ws server, 200 sockets each.
    const base = await studio.app.listen({ port: 0, host: '127.0.0.1' });
    const studioCount = counter('agenda-item-updated');
    sockets.push(
      ...(await openSockets(
        SOCKETS,
        `${base.replace('http', 'ws')}/api/ws?token=${admin.access}`,
        (data) => studioCount.onMessage(data),
        async (socket) => {
          socket.send(JSON.stringify({ type: 'setEventId', data: { eventId: event.id, route: '/bench' } }));
          await new Promise((resolve) => socket.once('message', resolve));
        },
      )),
    );
    const bareCount = counter('agenda-item-updated');
    const bareAddress = bare.address() as { port: number };
    sockets.push(
      ...(await openSockets(SOCKETS, `ws://127.0.0.1:${bareAddress.port}`, (data) =>
        bareCount.onMessage(data),
      )),
    );
    const [item] = (await studio.app.inject({ method: 'GET', url: paths[2]!, headers: auth })).json<{
      results: { id: string }[];
    }>().results;
    const studioTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const arrived = studioCount.wait(SOCKETS);
      const patch = await studio.app.inject({
        method: 'PATCH',
        url: `/api/event/agenda-item/${item!.id}/`,
        headers: auth,
        payload: { title: `Moved ${round}` },
      });
      if (patch.statusCode !== 200) throw new Error(`PATCH answered ${patch.statusCode}`);
      const committed = performance.now();
      await arrived;
      studioTimes.push(performance.now() - committed);

      const frame = JSON.stringify({
        type: 'agenda-item-updated',
        data: { eventId: event.id, ...patch.json<object>() },
      });
      const bareArrived = bareCount.wait(SOCKETS);
      const sent = performance.now();
      for (const client of bare.clients) client.send(frame);
      await bareArrived;
      bareTimes.push(performance.now() - sent);
    }
    const studioP99 = percentile(studioTimes, 99);
    const bareP99 = percentile(bareTimes, 99);
    return [
      `Programme on ${databaseKind} (${SESSIONS} sessions, ${TRACKS} tracks, ${SESSIONS} blocks)`,
      `  agenda read (the three GETs in parallel) p99 ${agenda.toFixed(2)} ms ÷ /api/health p99 ${health.toFixed(2)} ms: ${ratio(agenda / health)} (goal ≤ 5)`,
      `  live update to ${SOCKETS} sockets after the PATCH answered: p99 ${studioP99.toFixed(1)} ms ÷ a bare ws broadcast p99 ${bareP99.toFixed(1)} ms: ${ratio(studioP99 / bareP99)} (goal ≤ 1.5, p99 < 100 ms); medians ${percentile(studioTimes, 50).toFixed(1)} ÷ ${percentile(bareTimes, 50).toFixed(1)} ms`,
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await new Promise((resolve) => bare.close(resolve));
    await studio.close();
  }
}
