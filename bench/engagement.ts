// Engagement at attendee scale (issue 34 "Measured"): a chat message's fan-out to N attendees'
// push streams (real HTTP server-sent-event connections on loopback) beside a bare `ws` broadcast
// of the same payload to N sockets, on one API node and across two on PostgreSQL; sustained chat
// into an event with many streams (streams dropped, memory at the start and the end); and the
// stage's first frame after "Enter event" beside hls.js alone on a blank page (engagement-stage.ts).
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';
import { ENGAGEMENT_PUSHED, ENGAGEMENT_RATE_LIMITS } from '@studio/domain';
import { createTestStudio, testConfig, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { magicLinkCookie } from '../apps/server/src/modules/attendee-site/event-app/event-app.fixtures.ts';
import { PUSH_TICK_MS } from '../apps/server/src/modules/engagement/engagement-push.ts';
import { buildStudioServers } from '../apps/server/src/studio.ts';
import type { ChatStudio } from './engagement-chat-studio.ts';
import type { ReadersOrder, ReadersReport } from './engagement-readers.ts';
import { seatedRegistrants } from '../apps/server/src/modules/registration/members/members.fixtures.ts';
import { benchStageFirstFrame } from './engagement-stage.ts';
import { percentile, ratio } from './bench-util.ts';
import { framesOf, openStreams } from './push-streams.ts';

const FULL = process.env.BENCH_FULL === '1';
const listOf = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map(Number) : fallback;
/** Streams per fan-out case: 1,000 and 5,000 with BENCH_FULL=1, 100 and 300 for a quick run. */
const FAN_OUT = listOf(process.env.BENCH_ENGAGEMENT_STREAMS, FULL ? [1_000, 5_000] : [100, 300]);
/** Rounds per fan-out case: 100 with BENCH_FULL=1 (fewer make the p99 the slowest round), else 30. */
const ROUNDS = Number(process.env.BENCH_ENGAGEMENT_ROUNDS ?? (FULL ? 100 : 30));
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

interface Attendee {
  cookie: string;
  post(text: string): Promise<{ status: number; body: string }>;
}

/** An event open now with `count` attendees entered through their magic links (their cookies). */
export async function openEvent(
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
  const ids = await seatedRegistrants(
    studio.database.db,
    { organizationId: admin.organization.id, eventId: event.id },
    count,
  );
  const people: Attendee[] = [];
  for (const id of ids) {
    const cookie = await magicLinkCookie(studio, api, event.id, { user_id: id });
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

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `ROUNDS` messages, each posted by the next attendee: from the post's answer until every stream has it. */
async function studioFanOut(site: string, eventId: string, people: Attendee[], count: number) {
  const round = arrivals();
  const opened = await openStreams(
    `${site}/e/${eventId}/api/push`,
    people.map((person) => person.cookie),
    count,
    () => {
      const seen = { round: '' };
      return framesOf((frame) => {
        if (frame.startsWith(`event: ${ENGAGEMENT_PUSHED}`)) round.heard(frame, seen);
      });
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
    return `  ${count} streams, ${where}: p99 ${ms(p99)} ÷ bare ws p99 ${ms(bareP99)}: ${ratio(p99 / bareP99)} (goal ≤ ${nodes === 2 ? 3 : 2}); less the ${PUSH_TICK_MS} ms tick ${ratio((p99 - PUSH_TICK_MS) / bareP99)}; medians ${ms(percentile(studioTimes.times, 50))} ÷ ${ms(percentile(bare, 50))}; slowest rounds ${ms(Math.max(...studioTimes.times))} ÷ ${ms(Math.max(...bare))}`;
  } finally {
    second?.attendeeSite.server.closeAllConnections();
    await second?.studio.close();
    studio.attendeeSite.server.closeAllConnections();
    await studio.close();
  }
}

/** How many processes the sustained chat's streams are read from (the studio's runs alone in its own). */
const READER_PROCESSES = 2;
/** The kernel's clock ticks a second (`getconf CLK_TCK`), the unit of /proc's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
/** Posts waiting for their answer at most: a studio falling behind slows the sender, it is not flooded. */
const POSTS_IN_FLIGHT = 100;

/** A script of the bench's in a process of its own (`--import tsx`), spoken to over IPC. */
function benchProcess(script: string, args: string[] = [], nodeFlags: string[] = []): ChildProcess {
  return fork(new URL(script, import.meta.url).pathname, args, {
    execArgv: [...nodeFlags, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next message `child` sends, after `question` when one is asked. */
function answerOf<T>(child: ChildProcess, question?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) =>
      reject(new Error(`a bench process ended (${code}) before answering`));
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      resolve(message as T);
    });
    if (question !== undefined) child.send(question as string);
  });
}

async function closeProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  if (child.connected) child.send('close');
  const timer = setTimeout(() => child.kill(), 30_000);
  await exited;
  clearTimeout(timer);
}

/** A process's resident memory (VmRSS of /proc/<pid>/status), MiB. */
async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** CPU time a process has used (utime + stime of /proc/<pid>/stat), ms. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // Fields 14 (utime) and 15 (stime) of proc(5), in clock ticks; this list starts at field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The studio process's CPU so far, its heap in use after a full GC and its resident memory then (MiB). */
async function studioReading(studio: ChildProcess, sent: number) {
  const cpu = await cpuMs(studio.pid!);
  const heap = (await answerOf<number>(studio, 'heap')) / MiB;
  return { sent, cpu, heap, rss: await residentMiB(studio.pid!) };
}

/** A chat message posted to the event by the attendee holding `cookie`: the answer's status (0: no answer). */
async function postChat(chat: ChatStudio, cookie: string, text: string): Promise<number> {
  try {
    const answer = await fetch(`${chat.site}/e/${chat.eventId}/api/chat/event`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return 0;
  }
}

/** All reader processes' reports as one, their streams in order. */
async function readersReport(readers: ChildProcess[]): Promise<ReadersReport> {
  const reports = await Promise.all(readers.map((reader) => answerOf<ReadersReport>(reader, 'report')));
  let offset = 0;
  const whole: ReadersReport = { messages: [], dropped: [], pushes: 0 };
  for (const report of reports) {
    whole.messages.push(...report.messages);
    whole.dropped.push(...report.dropped.map((index) => index + offset));
    whole.pushes += report.pushes;
    offset += report.messages.length;
  }
  return whole;
}

/**
 * Every few seconds of the sustained chat: messages sent, the fewest and the median a stream has
 * received, the bytes the studio holds for its streams, and each process's share of a core since the
 * last sample (the studio, the readers, this poster): who sets the pace of delivery.
 */
function deliveryTimeline(studio: ChildProcess, readers: ChildProcess[], sentSoFar: () => number) {
  const rows: string[] = [];
  const started = performance.now();
  const cpuOf = async () => ({
    at: performance.now(),
    studio: await cpuMs(studio.pid!),
    readers: (await Promise.all(readers.map((reader) => cpuMs(reader.pid!)))).reduce((a, b) => a + b, 0),
    poster: (({ user, system }) => (user + system) / 1000)(process.cpuUsage()),
  });
  let last: Awaited<ReturnType<typeof cpuOf>> | undefined;
  let due = 0;
  return {
    async sampleEvery(ms: number) {
      if (performance.now() < due) return;
      due = performance.now() + ms;
      const now = await cpuOf();
      const report = await readersReport(readers);
      const unsent = await answerOf<number>(studio, 'unsent');
      const received = [...report.messages].sort((a, b) => a - b);
      const share = (key: 'studio' | 'readers' | 'poster') =>
        last ? ((now[key] - last[key]) / (now.at - last.at)).toFixed(2) : '–';
      rows.push(
        `      ${((now.at - started) / 1000).toFixed(0).padStart(4)} s: sent ${sentSoFar()}, received fewest ${received[0]} / median ${received[received.length >> 1]}; studio holds ${(unsent / MiB).toFixed(1)} MiB; cores used: studio ${share('studio')}, readers ${share('readers')}, poster ${share('poster')}`,
      );
      last = now;
    },
    lines: () => ['    delivery over time:', ...rows],
  };
}

/**
 * Sustained chat: `perSecond` posts on the clock (not in bursts) over real HTTP from this process,
 * spread over enough attendees to stay within their limits; the studio and the streams' readers each
 * run in processes of their own, so the studio's memory is its own (RSS from /proc, heap after a GC).
 */
async function sustainedChat(): Promise<string[]> {
  const { streams: count, perSecond, seconds } = SUSTAINED;
  const posters = Math.ceil(((perSecond * Math.min(seconds, 60)) / MESSAGES_PER_MINUTE) * 1.1);
  const studio = benchProcess(
    'engagement-chat-studio.ts',
    [String(Math.max(posters, Math.min(count, HOLDERS)))],
    ['--expose-gc'],
  );
  const readers: ChildProcess[] = [];
  try {
    const chat = await answerOf<ChatStudio>(studio);
    for (let i = 0; i < READER_PROCESSES; i += 1) readers.push(benchProcess('engagement-readers.ts'));
    await Promise.all(
      readers.map((reader, i) => {
        const order: ReadersOrder = {
          url: `${chat.site}/e/${chat.eventId}/api/push`,
          cookies: chat.cookies,
          count: Math.floor(count / READER_PROCESSES) + (i < count % READER_PROCESSES ? 1 : 0),
        };
        return answerOf(reader, order);
      }),
    );
    // The streams' own presence pushes have gone out.
    await settle(1_500);
    // Memory is read once the chat has run a sixth of its time (warm), and at its end.
    const warmUp = seconds / 6;
    // (Asked in turn with the timeline's samples: each IPC question waits for its answer.)
    let warm: Awaited<ReturnType<typeof studioReading>> | undefined;
    let peakRss = 0;
    const sampler = setInterval(
      () => void residentMiB(studio.pid!).then((rss) => (peakRss = Math.max(peakRss, rss))),
      1_000,
    );
    let [issued, sent, refused, inFlight] = [0, 0, 0, 0];
    const total = perSecond * seconds;
    const started = performance.now();
    const timeline = deliveryTimeline(studio, readers, () => sent);
    while (sent + refused < total) {
      const elapsed = (performance.now() - started) / 1000;
      if (!warm && elapsed >= warmUp) warm = await studioReading(studio, sent);
      const due = Math.min(total, Math.floor(elapsed * perSecond));
      for (; issued < due && inFlight < POSTS_IN_FLIGHT; issued += 1) {
        inFlight += 1;
        void postChat(chat, chat.cookies[issued % posters]!, `sustained ${issued}`).then((status) => {
          inFlight -= 1;
          if (status === 201) sent += 1;
          else refused += 1;
        });
      }
      await timeline.sampleEvery(5_000);
      await settle(5);
    }
    const took = (performance.now() - started) / 1000;
    const before = warm ?? (await studioReading(studio, 0));
    const after = await studioReading(studio, sent);
    const cpuPerMessage = (after.cpu - before.cpu) / (after.sent - before.sent);
    clearInterval(sampler);
    // The tail: how long after the last post every stream kept has every message (at most 2 minutes).
    const ended = performance.now();
    let report = await readersReport(readers);
    const short = () => report.messages.filter((messages) => messages < sent).length;
    while (short() > report.dropped.length && performance.now() - ended < 120_000) {
      await settle(500);
      await timeline.sampleEvery(5_000);
      report = await readersReport(readers);
    }
    const drained = short() > report.dropped.length ? undefined : (performance.now() - ended) / 1000;
    const fewest = Math.min(...report.messages.filter((_, index) => !report.dropped.includes(index)));
    const rate = sent / took;
    return [
      `  sustained chat into ${count} streams (read in ${READER_PROCESSES} processes of their own), the studio alone in its process (PGlite on disk):`,
      `    posted ${sent} messages in ${took.toFixed(1)} s, ${rate.toFixed(0)}/s ÷ ${perSecond}/s asked: ${ratio(rate / perSecond)} (goal 1.00×; ${refused} refused)`,
      `    delivered per stream ÷ sent, the fewest of the streams kept: ${ratio(fewest / sent)} (${fewest} of ${sent}; goal 1.00×); ${report.dropped.length} streams dropped (goal 0); ${(report.pushes / count).toFixed(0)} pushes a stream (${((sent * count) / Math.max(1, report.pushes)).toFixed(1)} messages a push)`,
      `    the tail: every stream kept had every message ${drained === undefined ? 'not within 120 s' : `${drained.toFixed(1)} s`} after the last post`,
      ...timeline.lines(),
      `    studio process from ${warmUp.toFixed(0)} s to the end: RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MiB (${ratio(after.rss / before.rss)}; peak ${peakRss.toFixed(0)}), heap after a GC ${before.heap.toFixed(0)} → ${after.heap.toFixed(0)} MiB (${ratio(after.heap / before.heap)}) (goal flat)`,
      `    studio process CPU from ${warmUp.toFixed(0)} s to the end: ${cpuPerMessage.toFixed(2)} ms a message posted (its post and its push to ${count} streams): one core's worth holds ${(1000 / cpuPerMessage).toFixed(0)} messages/s`,
    ];
  } finally {
    await Promise.all(readers.map(closeProcess));
    await closeProcess(studio);
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
