import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bearer, studioOver, type TestStudio } from '../apps/server/test/harness.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import type { StudioEvent } from '@studio/domain';

export { freePort, freePorts } from '../apps/server/test/free-ports.ts';

/** Milliseconds a task takes. */
export async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const ratio = (value: number) => `${value.toFixed(2)}×`;

/** Polls until `check` answers true; resolves with the time it took (ms). */
export async function until(
  check: () => Promise<boolean>,
  intervalMs = 5,
  timeoutMs = 600_000,
): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return performance.now() - started;
}

/** An event a month ahead, an hour long unless `hours` says otherwise, with any other fields given. */
export function monthAheadEvent(
  studio: TestStudio,
  access: string,
  title: string,
  { hours = 1, ...fields }: { hours?: number } & Record<string, unknown> = {},
): Promise<StudioEvent> {
  const start = new Date(Date.now() + 30 * 86_400_000);
  return newEvent(caller(studio, access), {
    title,
    start,
    end: new Date(start.getTime() + hours * 3_600_000),
    ...fields,
  });
}

/** A POST as the caller (in process), answering its JSON; an answer outside 2xx fails the bench. */
export async function postAs<T = { id: string }>(
  studio: TestStudio,
  access: string,
  url: string,
  payload: object,
): Promise<T> {
  const response = await studio.app.inject({ method: 'POST', url, headers: bearer(access), payload });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

let registrantNumber = 0;
/**
 * The next registrant (`<emailPrefix>-<n>@bench.test`) registers for the event from their own
 * address (the register call is rate-limited per address); resolves with their status.
 */
export async function registerNext(
  studio: TestStudio,
  eventId: string,
  emailPrefix: string,
): Promise<string> {
  const n = (registrantNumber += 1);
  const response = await studio.app.inject({
    method: 'POST',
    url: `/api/event/${eventId}/register/`,
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    payload: { email: `${emailPrefix}-${n}@bench.test`, first_name: 'Bench', last_name: `${n}` },
  });
  if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
  return response.json<{ event_user_status: string }>().event_user_status;
}

/**
 * GET requests to these URLs taken in turn (one of each, again and again, after 20 of each to warm
 * up), so every URL meets the same moments of the machine; the p50 and p99 of each, in order.
 */
export async function requestPercentiles<const Urls extends readonly string[]>(
  studio: TestStudio,
  urls: Urls,
  headers: Record<string, string>,
  runs: number,
): Promise<{ [Index in keyof Urls]: Percentiles }> {
  const get = async (url: string) => {
    const response = await studio.app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  };
  for (let i = 0; i < 20; i += 1) for (const url of urls) await get(url);
  const samples = urls.map((): number[] => []);
  for (let i = 0; i < runs; i += 1)
    for (const [index, url] of urls.entries()) samples[index]!.push(await timed(() => get(url)));
  return samples.map((taken) => ({ p50: percentile(taken, 50), p99: percentile(taken, 99) })) as {
    [Index in keyof Urls]: Percentiles;
  };
}

/** The median and 99th percentile of one URL's times, in ms. */
interface Percentiles {
  p50: number;
  p99: number;
}

export async function requestP99(
  studio: TestStudio,
  url: string,
  headers: Record<string, string>,
  runs: number,
): Promise<number> {
  const [taken] = await requestPercentiles(studio, [url], headers, runs);
  return taken.p99;
}

const root = path.resolve(import.meta.dirname, '..');
/** The built studio and attendee bundles (`npm run build`). */
export const webDist = path.join(root, 'apps/web/dist');

/** Builds the web app once when no build is there (the web and attendee pages benches serve it). */
export function ensureWebBuild(): void {
  if (existsSync(path.join(webDist, 'index.html'))) return;
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the studio did not build');
}

/** On PGlite, a data directory on disk, as `npm start` keeps it (the tests' in-memory one holds every file in RAM). */
export async function studioOnDisk(): Promise<TestStudio> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-on-disk-'));
  const database = await openDatabase({ dataDir });
  return studioOver(database, { checkAnswers: false }, () => rm(dataDir, { recursive: true, force: true }));
}
