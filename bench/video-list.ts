// Video library list at two library sizes: the API's p99 at 100k ÷ at 1k, and ÷ the plain SQL a
// list would run without a bound (count(*) of every match, then the page by offset).
import { bearer, createTestStudio, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { seedVideoAssets } from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { percentile, ratio, timed } from './bench-util.ts';

const LARGE = Number(process.env.BENCH_ASSETS ?? 100_000);
const SMALL = 1000;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);

interface Library {
  organizationId: string;
  access: string;
  size: number;
}

interface Case {
  label: string;
  search?: string;
  /** The page's offset in a library of `size` videos. */
  offset: (size: number) => number;
  /** Reach the page by the previous page's `next` link (keyset) rather than by offset. */
  viaNext?: boolean;
}

const CASES: Case[] = [
  { label: 'first page', offset: () => 0 },
  { label: 'deep page (90 %)', offset: (size) => Math.floor((size * 0.9) / 50) * 50 },
  { label: 'deep page by next', offset: (size) => Math.floor((size * 0.9) / 50) * 50, viaNext: true },
  { label: 'search "k"', search: 'k', offset: () => 0 },
  { label: 'search "keynote"', search: 'keynote', offset: () => 0 },
];

async function library(studio: TestStudio, size: number): Promise<Library> {
  const admin = await newAdmin(studio);
  await seedVideoAssets(studio.database, admin.organization.id, {
    count: size,
    workspaces: [],
    creators: [admin.userId],
  });
  return { organizationId: admin.organization.id, access: admin.access, size };
}

/** The unbounded list as plain queries: every match counted, then the page. */
async function plainSql(studio: TestStudio, lib: Library, item: Case): Promise<void> {
  let matching = studio.database.db
    .selectFrom('video_assets')
    .where('organization_id', '=', lib.organizationId);
  if (item.search) matching = matching.where('name_search', 'like', `%${item.search}%`);
  await matching.select((eb) => eb.fn.countAll().as('count')).execute();
  await matching
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .offset(item.offset(lib.size))
    .execute();
}

async function pageQuery(studio: TestStudio, lib: Library, item: Case): Promise<URLSearchParams> {
  const query = new URLSearchParams({ limit: '50' });
  if (item.search) query.set('search', item.search);
  const offset = item.offset(lib.size);
  if (!item.viaNext) {
    if (offset > 0) query.set('offset', String(offset));
    return query;
  }
  query.set('offset', String(offset - 50));
  const previous = await studio.app.inject({
    method: 'GET',
    url: `/api/core/video_assets/?${query.toString()}`,
    headers: bearer(lib.access),
  });
  return new URL(previous.json<{ next: string }>().next).searchParams;
}

async function latencies(studio: TestStudio, lib: Library, item: Case) {
  const query = await pageQuery(studio, lib, item);
  const api: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < RUNS + 5; i += 1) {
    const apiMs = await timed(async () => {
      const response = await studio.app.inject({
        method: 'GET',
        url: `/api/core/video_assets/?${query.toString()}`,
        headers: bearer(lib.access),
      });
      if (response.statusCode !== 200) throw new Error(`${item.label} answered ${response.statusCode}`);
    });
    const plainMs = await timed(() => plainSql(studio, lib, item));
    if (i >= 5) {
      api.push(apiMs);
      plain.push(plainMs);
    }
  }
  return {
    api: percentile(api, 99),
    plain: percentile(plain, 99),
    apiMedian: percentile(api, 50),
    plainMedian: percentile(plain, 50),
  };
}

export async function benchVideoList(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ publicUrl: 'http://studio.test', checkAnswers: false });
  try {
    const small = await library(studio, SMALL);
    const large = await library(studio, LARGE);
    const lines = [
      `Video library list (50 a page), ${SMALL.toLocaleString('en')} and ${LARGE.toLocaleString('en')} videos, ${databaseKind} (p99 of ${RUNS}):`,
    ];
    for (const item of CASES) {
      const atSmall = await latencies(studio, small, item);
      const atLarge = await latencies(studio, large, item);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      lines.push(
        `  ${item.label.padEnd(18)} API at ${LARGE / 1000}k ÷ at 1k: p99 ${ratio(atLarge.api / atSmall.api)} (${ms(atLarge.api)} ÷ ${ms(atSmall.api)}), ` +
          `p50 ${ratio(atLarge.apiMedian / atSmall.apiMedian)} (${ms(atLarge.apiMedian)} ÷ ${ms(atSmall.apiMedian)}); ` +
          `API ÷ plain SQL with count(*) at ${LARGE / 1000}k: p99 ${ratio(atLarge.api / atLarge.plain)}, p50 ${ratio(atLarge.apiMedian / atLarge.plainMedian)} ` +
          `(plain p50 ${ms(atLarge.plainMedian)} at ${LARGE / 1000}k, ${ms(atSmall.plainMedian)} at 1k)`,
      );
    }
    lines.push(`  goal: API at ${LARGE / 1000}k ÷ at 1k ≤ 1.5 (p99)`);
    return lines;
  } finally {
    await studio.close();
  }
}
