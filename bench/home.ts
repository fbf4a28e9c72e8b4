// The organisation home's one request at 200 events and 1,000 videos, beside /api/health.
import { bearer, createTestStudio, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin, newWorkspace } from '../apps/server/src/modules/access/access.fixtures.ts';
import { seedVideoAssets } from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { ratio, requestP99 } from './bench-util.ts';

const EVENTS = 200;
const VIDEOS = 1000;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);

const p99 = (studio: TestStudio, url: string, headers: Record<string, string>) =>
  requestP99(studio, url, headers, RUNS);

export async function benchHome(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false });
  try {
    const admin = await newAdmin(studio);
    const auth = bearer(admin.access);
    const day = 24 * 3600_000;
    for (let i = 0; i < EVENTS; i += 1) {
      // From a live one now to events spread over the past and the next months.
      const start = new Date(Date.now() + (i - EVENTS / 4) * day);
      const response = await studio.app.inject({
        method: 'POST',
        url: '/api/event/',
        headers: auth,
        payload: {
          title: `Event ${i}`,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3600_000).toISOString(),
        },
      });
      if (response.statusCode !== 201) throw new Error(`event ${i}: ${response.statusCode} ${response.body}`);
    }
    await seedVideoAssets(studio.database, admin.organization.id, {
      count: VIDEOS,
      workspaces: [(await newWorkspace(studio, admin.access, 'Marketing')).id],
      creators: [admin.userId],
    });
    const health = await p99(studio, '/api/health', {});
    const home = await p99(studio, '/api/core/home/', auth);
    return [
      `Home on ${databaseKind} (${EVENTS} events, ${VIDEOS} videos; p99 of ${RUNS} sequential requests)`,
      `  /api/core/home/ p99 ${home.toFixed(2)} ms ÷ /api/health p99 ${health.toFixed(2)} ms: ${ratio(home / health)}`,
    ];
  } finally {
    await studio.close();
  }
}
