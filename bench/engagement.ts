// Engagement at attendee scale (issue 34 "Measured"): a chat message's fan-out to N attendees'
// push streams (real HTTP server-sent-event connections on loopback) beside a bare `ws` broadcast
// of the same payload to N sockets, on one API node and across two on PostgreSQL; sustained chat
// into an event with many streams (streams dropped, memory at the start and the end); and the
// stage's first frame after "Enter event" beside hls.js alone on a blank page (engagement-stage.ts).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { WebSocket, WebSocketServer } from 'ws';
import { ENGAGEMENT_PUSHED, ENGAGEMENT_RATE_LIMITS } from '@studio/domain';
import { createTestStudio, testConfig, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { PUSH_TICK_MS } from '../apps/server/src/modules/engagement/engagement-push.ts';
import { buildStudioServers } from '../apps/server/src/studio.ts';
import { benchStageFirstFrame, seatedAttendees } from './engagement-stage.ts';
import { percentile, ratio } from './bench-util.ts';

const FULL = process.env.BENCH_FULL === '1';
const listOf = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map(Number) : fallback;
/** Streams per fan-out case: 1,000 and 5,000 with BENCH_FULL=1, 100 and 300 for a quick run. */
const FAN_OUT = listOf(process.env.BENCH_ENGAGEMENT_STREAMS, FULL ? [1_000, 5_000] : [100, 300]);
const ROUNDS = Number(process.env.BENCH_ENGAGEMENT_ROUNDS ?? 30);
/** The fan-out's node counts (BENCH_ENGAGEMENT_NODES=1,2; 2 needs TEST_DATABASE_URL). */
const NODES = new Set(listOf(process.env.BENCH_ENGAGEMENT_NODES, [1, 2]));
/** Sustained chat: 200 messages a second into 5,000 streams for 60 s (full); 300 streams for 10 s. */
const SUSTAINED = {
  streams: Number(process.env.BENCH_ENGAGEMENT_SUSTAINED_STREAMS ?? (FULL ? 5_000 : 300)),
  perSecond: Number(process.env.BENCH_ENGAGEMENT_RATE ?? 200),
  seconds: Number(process.env.BENCH_ENGAGEMENT_SECONDS ?? (FULL ? 60 : 10)),
};
/** Distinct attendees holding the streams (streams beyond are theirs again, as several tabs). */
const HOLDERS = 200;
/** A person's messages per minute. */
const MESSAGES_PER_MINUTE = ENGAGEMENT_RATE_LIMITS.messages;
const MiB = 1024 * 1024;
/** The parts to run (BENCH_ENGAGEMENT_PARTS=fan-out,sustained,stage; default all three). */
const PARTS = new Set((process.env.BENCH_ENGAGEMENT_PARTS ?? 'fan-out,sustained,stage').split(','));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Attendee {
  cookie: string;
  post(text: string): Promise<{ status: number; body: string }>;
}

/** An event open now with `count` attendees entered through their magic links (their cookies). */
async function openEvent(
  studio: TestStudio,
  count: number,
): Promise<{ eventId: string; people: Attendee[] }> {
  const admin = await newAdmin(studio);
  const api = caller(studio, admin.access);
  const event = await newEvent(api, {
    title: 'Bench chat',
    start: new Date(Date.now() - 600_000),
    end: new Date(Date.now() + 4 * 3_600_000),
  });
  const ids = await seatedAttendees(
    studio,
    { organizationId: admin.organization.id, eventId: event.id },
    count,
  );
  const people: Attendee[] = [];
  for (const id of ids) {
    const link = await api.get<{ url: string }>(`/api/event/magic_link/?user_id=${id}&event_id=${event.id}`);
    const { pathname, search } = new URL(link.body.url);
    const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
    const cookie = String(entrance.headers['set-cookie']).split(';')[0] ?? '';
    people.push({
      cookie,
      post: async (text) => {
        const answer = await studio.attendeeSite.inject({
          method: 'POST',
          url: `/e/${event.id}/api/chat/event`,
          headers: { cookie },
          payload: { text },
        });
        return { status: answer.statusCode, body: answer.body };
      },
    });
  }
  return { eventId: event.id, people };
}

/** Counts, per round, the clients that received the round's marker; `wait` resolves when all have. */
function arrivals() {
  let marker = '';
  let left = 0;
  let done: (() => void) | undefined;
  return {
    /** A client's complete frame or message: counted once per round. */
    heard(text: string, seen: { round: string }) {
      if (!marker || seen.round === marker || !text.includes(marker)) return;
      seen.round = marker;
      left -= 1;
      if (left === 0) done?.();
    },
    expect(next: string, count: number): Promise<void> {
      marker = next;
      left = count;
      return new Promise((resolve, reject) => {
        done = resolve;
        const timer = setTimeout(
          () => reject(new Error(`${left} of ${count} clients missed ${next}`)),
          60_000,
        );
        timer.unref();
      });
    },
  };
}

interface PushStream {
  request: http.ClientRequest;
  /** Engagement messages received. */
  messages: number;
  /** The server ended it while the bench still read it. */
  dropped: boolean;
}

/**
 * Opens `count` push streams (a client each, reading every frame), `parallel` at a time, spread
 * over the attendees' cookies; `onFrame` hears each complete server-sent event.
 */
async function openStreams(
  url: string,
  cookies: string[],
  count: number,
  onFrame: (frame: string, stream: PushStream & { round: string }) => void,
) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: (PushStream & { round: string })[] = [];
  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const stream = { messages: 0, dropped: false, round: '' } as PushStream & { round: string };
      stream.request = http.get(
        url,
        { agent, headers: { cookie: cookies[index % cookies.length]!, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200)
            return reject(new Error(`push stream answered ${response.statusCode}`));
          let buffered = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffered += chunk;
            let end = buffered.indexOf('\n\n');
            while (end >= 0) {
              onFrame(buffered.slice(0, end), stream);
              buffered = buffered.slice(end + 2);
              end = buffered.indexOf('\n\n');
            }
          });
          response.on('close', () => (stream.dropped = !stream.request.destroyed));
          streams.push(stream);
          resolve();
        },
      );
      stream.request.on('error', (error) => (streams.includes(stream) ? undefined : reject(error)));
    });
  for (let at = 0; at < count; at += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - at) }, (_, i) => open(at + i)));
  return {
    streams,
    close() {
      for (const stream of streams) stream.request.destroy();
      agent.destroy();
    },
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `ROUNDS` messages, each posted by the next attendee: from the post's answer until every stream has it. */
async function studioFanOut(site: string, eventId: string, people: Attendee[], count: number) {
  const round = arrivals();
  const opened = await openStreams(
    `${site}/e/${eventId}/api/push`,
    people.map((person) => person.cookie),
    count,
    (frame, stream) => {
      if (frame.startsWith(`event: ${ENGAGEMENT_PUSHED}`)) round.heard(frame, stream);
    },
  );
  // The streams' own presence pushes have gone out.
  await settle(1_500);
  const times: number[] = [];
  let payload = '';
  try {
    for (let i = 0; i < ROUNDS; i += 1) {
      const marker = `fan-out ${count} round ${i} ${Math.random()}`;
      const arrived = round.expect(marker, count);
      const posted = await people[i % people.length]!.post(marker);
      if (posted.status !== 201) throw new Error(`post answered ${posted.status}: ${posted.body}`);
      const answered = performance.now();
      await arrived;
      times.push(performance.now() - answered);
      payload = `event: ${ENGAGEMENT_PUSHED}\ndata: ${JSON.stringify([{ type: 'message', message: JSON.parse(posted.body) as unknown }])}`;
      await settle(100);
    }
  } finally {
    opened.close();
  }
  return { times, payload };
}

/** The same payload broadcast by a bare ws server to `count` sockets, `ROUNDS` times. */
async function bareFanOut(payload: string, count: number): Promise<number[]> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const round = arrivals();
  const sockets: WebSocket[] = [];
  try {
    for (let at = 0; at < count; at += 100)
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, count - at) }, async () => {
            const socket = new WebSocket(`ws://127.0.0.1:${port}`);
            const seen = { round: '' };
            socket.on('message', (data) => round.heard((data as Buffer).toString('utf8'), seen));
            await new Promise<void>((resolve, reject) => {
              socket.once('open', () => resolve());
              socket.once('error', (error) => reject(error));
            });
            return socket;
          }),
        )),
      );
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const marker = `fan-out ${count} round ${i} ${Math.random()}`;
      const frame = payload.replace(/"text":"[^"]*"/, `"text":"${marker}"`);
      const arrived = round.expect(marker, count);
      const sent = performance.now();
      for (const client of server.clients) client.send(frame);
      await arrived;
      times.push(performance.now() - sent);
      await settle(100);
    }
    return times;
  } finally {
    for (const socket of sockets) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One fan-out case: N streams on one node (PGlite), or on a second node while the first takes the posts (PostgreSQL). */
async function fanOut(count: number, nodes: 1 | 2): Promise<string> {
  process.env.STUDIO_TEST_DATABASE = nodes === 2 ? 'postgres' : 'pglite';
  const studio = await createTestStudio({ checkAnswers: false });
  const second =
    nodes === 2
      ? await buildStudioServers({ ...testConfig, checkAnswers: false }, studio.database, studio.secretKey)
      : undefined;
  try {
    await second?.studio.ready();
    const { eventId, people } = await openEvent(studio, Math.max(ROUNDS, Math.min(count, HOLDERS)));
    const site = await (second?.attendeeSite ?? studio.attendeeSite).listen({ port: 0, host: '127.0.0.1' });
    const studioTimes = await studioFanOut(site, eventId, people, count);
    const bare = await bareFanOut(studioTimes.payload, count);
    const [p99, bareP99] = [percentile(studioTimes.times, 99), percentile(bare, 99)];
    const where = nodes === 2 ? 'across 2 API nodes (PostgreSQL NOTIFY)' : 'one API node (PGlite)';
    // The push tick (changes heard within it go out as one write) is a designed wait: shown apart.
    return `  ${count} streams, ${where}: p99 ${ms(p99)} ÷ bare ws p99 ${ms(bareP99)}: ${ratio(p99 / bareP99)} (goal ≤ ${nodes === 2 ? 3 : 2}); less the ${PUSH_TICK_MS} ms tick ${ratio((p99 - PUSH_TICK_MS) / bareP99)}; medians ${ms(percentile(studioTimes.times, 50))} ÷ ${ms(percentile(bare, 50))}`;
  } finally {
    second?.attendeeSite.server.closeAllConnections();
    await second?.studio.close();
    studio.attendeeSite.server.closeAllConnections();
    await studio.close();
  }
}

const memory = () => {
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / MiB, heap: heapUsed / MiB };
};

/** Sustained chat: `perSecond` posts spread over enough attendees to stay within their limits. */
async function sustainedChat(): Promise<string[]> {
  const { streams: count, perSecond, seconds } = SUSTAINED;
  process.env.STUDIO_TEST_DATABASE = 'pglite';
  const studio = await createTestStudio({ checkAnswers: false });
  try {
    const posters = Math.ceil(((perSecond * Math.min(seconds, 60)) / MESSAGES_PER_MINUTE) * 1.1);
    const { eventId, people } = await openEvent(studio, Math.max(posters, Math.min(count, HOLDERS)));
    const site = await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
    const opened = await openStreams(
      `${site}/e/${eventId}/api/push`,
      people.map((person) => person.cookie),
      count,
      (frame, stream) => {
        if (!frame.startsWith(`event: ${ENGAGEMENT_PUSHED}`)) return;
        for (
          let at = frame.indexOf('"type":"message"');
          at >= 0;
          at = frame.indexOf('"type":"message"', at + 1)
        )
          stream.messages += 1;
      },
    );
    await settle(1_500);
    const before = memory();
    let sent = 0;
    let refused = 0;
    let inFlight = 0;
    const started = performance.now();
    const total = perSecond * seconds;
    // Posts go out on the clock (at most 100 waiting for their answer): the rate, not the answers, paces them.
    while (sent + refused < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
      while (sent + refused + inFlight < due && inFlight < 100) {
        const poster = people[(sent + refused + inFlight) % posters]!;
        inFlight += 1;
        void poster.post(`sustained ${sent + refused + inFlight}`).then((answer) => {
          inFlight -= 1;
          if (answer.status === 201) sent += 1;
          else refused += 1;
        });
      }
      await settle(5);
    }
    const took = (performance.now() - started) / 1000;
    // Delivery catches up (a tick and the writes), then the streams are counted.
    const deadline = performance.now() + 30_000;
    while (
      opened.streams.some((stream) => !stream.dropped && stream.messages < sent) &&
      performance.now() < deadline
    )
      await settle(100);
    const after = memory();
    const dropped = opened.streams.filter((stream) => stream.dropped).length;
    const behind = opened.streams.filter((stream) => !stream.dropped && stream.messages < sent).length;
    opened.close();
    return [
      `  sustained chat: ${sent} messages at ${(sent / took).toFixed(0)}/s (asked ${perSecond}/s, ${refused} refused) for ${took.toFixed(1)} s into ${count} streams: ${dropped} dropped (goal 0), ${behind} short of every message`,
      `  memory of the process (studio and its clients), after a GC: RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MiB (${ratio(after.rss / before.rss)}), heap ${before.heap.toFixed(0)} → ${after.heap.toFixed(0)} MiB (${ratio(after.heap / before.heap)}) (goal flat)`,
    ];
  } finally {
    studio.attendeeSite.server.closeAllConnections();
    await studio.close();
  }
}

/** Each figure as soon as it is measured (a run of the full figures takes long). */
export async function* benchEngagement(): AsyncGenerator<string> {
  if (PARTS.has('fan-out')) {
    yield `Engagement (issue 34): fan-out of one chat message, ${ROUNDS} rounds, from the post's answer until every stream has it`;
    if (NODES.has(1)) for (const count of FAN_OUT) yield await fanOut(count, 1);
    if (NODES.has(2) && process.env.TEST_DATABASE_URL)
      for (const count of FAN_OUT) yield await fanOut(count, 2);
    else if (NODES.has(2))
      yield '  across 2 API nodes: skipped (no TEST_DATABASE_URL names a PostgreSQL server)';
  }
  if (PARTS.has('sustained')) yield* await sustainedChat();
  if (PARTS.has('stage')) yield* await benchStageFirstFrame();
}
