// One studio in a process of its own (bench/memory.ts starts it): its resident memory idle and at
// its peak under list requests, printed as JSON; on PostgreSQL also its backends' private memory.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { bearer, createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { seedVideoAssets } from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { studioOnDisk } from './bench-util.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
process.env.STUDIO_TEST_DATABASE = kind;
const megabytes = (bytes: number) => Math.round(bytes / 1048576);

const studio = kind === 'pglite' ? await studioOnDisk() : await createTestStudio({ checkAnswers: false });
const admin = await newAdmin(studio);
const api = caller(studio, admin.access);
for (let i = 0; i < 60; i += 1) {
  const start = new Date(Date.now() + (i + 1) * 86_400_000);
  await newEvent(api, { title: `Event ${i}`, start, end: new Date(start.getTime() + 3_600_000) });
}
await seedVideoAssets(studio.database, admin.organization.id, {
  count: 1000,
  workspaces: [],
  creators: [admin.userId],
});
globalThis.gc?.();
const idle = process.memoryUsage().rss;
const urls = [
  '/api/core/user/me/',
  `/api/event/?organization=${admin.organization.id}`,
  '/api/core/video_assets/',
];
// maxRSS would include start-up and seeding: sample during the load instead.
let peak = idle;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const sampler = setInterval(sample, 10);
for (let round = 0; round < 100; round += 1) {
  await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      studio.app.inject({ method: 'GET', url: urls[i % urls.length]!, headers: bearer(admin.access) }),
    ),
  );
  sample();
}
clearInterval(sampler);
sample();

/** On PostgreSQL, the private (anonymous) resident memory of the studio's backends. */
async function backendsPrivate(): Promise<number | null> {
  if (!studio.database.connectionString) return null;
  const client = new pg.Client({ connectionString: studio.database.connectionString });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await client.end();
  let total = 0;
  for (const { pid } of rows) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    total += Number(/RssAnon:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  }
  return rows.length > 0 && total > 0 ? total : null;
}
const backends = await backendsPrivate();
await studio.close();
console.log(
  JSON.stringify({ idle: megabytes(idle), peak: megabytes(peak), backends: backends && megabytes(backends) }),
);
process.exit(0);
