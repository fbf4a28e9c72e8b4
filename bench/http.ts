// HTTP load with autocannon against the studio listening on loopback, beside a bare Fastify
// hello-world in the same process and run: requests per second and latency, as ratios.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { bearer, createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, copyEvents, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { insertRegistrants } from '../apps/server/src/modules/registration/members/members.fixtures.ts';
import { seedVideoAssets } from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { ratio } from './bench-util.ts';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
/** Registrants of each of the 60 events (one in ten Waitlisted): the list counts them on every page. */
const REGISTRANTS_PER_EVENT = Number(process.env.BENCH_HTTP_REGISTRANTS ?? 500);

interface Load {
  rps: number;
  p50: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string>, connections: number): Promise<Load> {
  const result = await autocannon({ url, headers, connections, duration: SECONDS, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const figure = (load: Load) => `${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms`;

export async function benchHttp(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false });
  // The floor of a request that reads the database: bare Fastify and one statement on the same database.
  const bare = Fastify();
  bare.get('/', () => ({ hello: 'world' }));
  bare.get('/one-statement', () =>
    studio.database.db.selectNoFrom((eb) => eb.lit(1).as('one')).executeTakeFirst(),
  );
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const admin = await newAdmin(studio);
    const api = caller(studio, admin.access);
    const day = 86_400_000;
    let lastEvent = '';
    for (let i = 0; i < 60; i += 1) {
      const start = new Date(Date.now() + (i + 1) * day);
      ({ id: lastEvent } = await newEvent(api, {
        title: `Event ${i}`,
        start,
        end: new Date(start.getTime() + 3_600_000),
      }));
      const target = { organizationId: admin.organization.id, eventId: lastEvent };
      await insertRegistrants(studio.database.db, target, REGISTRANTS_PER_EVENT, `event${i}`);
    }
    await seedVideoAssets(studio.database, admin.organization.id, {
      count: 1000,
      workspaces: [],
      creators: [admin.userId],
    });
    const base = await studio.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = bearer(admin.access);
    const events = `${base}/api/event/?organization=${admin.organization.id}&limit=25`;
    const videos = `${base}/api/core/video_assets/?limit=25`;
    const hello = await load(bareUrl, {}, 10);
    const oneStatement = await load(`${bareUrl}/one-statement`, {}, 10);
    const health = await load(`${base}/api/health`, {}, 10);
    const me = await load(`${base}/api/core/user/me/`, auth, 10);
    const eventList = await load(events, auth, 10);
    const videoList = await load(videos, auth, 10);
    const eventsLoaded = await load(events, auth, 20);
    // The same list at the video library's size: 1,000 events beside 1,000 videos, 25 a page.
    await copyEvents(studio.database.db, lastEvent, 1000 - 60);
    const largeEventList = await load(events, auth, 10);
    const largeVideoList = await load(videos, auth, 10);
    return [
      `HTTP load on ${databaseKind} (autocannon, ${SECONDS} s each, 10 connections unless said; ${REGISTRANTS_PER_EVENT} registrants an event)`,
      `  bare Fastify     ${figure(hello)}`,
      `  /api/health      ${figure(health)}; ÷ bare Fastify ${ratio(health.rps / hello.rps)} (goal ≥ 0.3)`,
      `  bare Fastify + one statement ${figure(oneStatement)}; ÷ /api/health ${ratio(oneStatement.rps / health.rps)} (the ceiling of any request that reads the database)`,
      `  /me              ${figure(me)}; ÷ /api/health ${ratio(me.rps / health.rps)} (goal ≥ 0.5); ÷ bare Fastify + one statement ${ratio(me.rps / oneStatement.rps)}`,
      `  events list      ${figure(eventList)}; ÷ video list ${ratio(eventList.rps / videoList.rps)} (goal ≥ 0.8)`,
      `  video list       ${figure(videoList)}`,
      `  events list, 20 connections: ${figure(eventsLoaded)}; p99 ÷ p50 ${ratio(eventsLoaded.p99 / eventsLoaded.p50)} (goal ≤ 3)`,
      `  events list at 1,000 events ${figure(largeEventList)}; ÷ video list at 1,000 videos ${ratio(largeEventList.rps / largeVideoList.rps)} (goal ≥ 0.8)`,
      `  video list at 1,000 videos ${figure(largeVideoList)}`,
    ];
  } finally {
    await studio.close();
    await bare.close();
  }
}
