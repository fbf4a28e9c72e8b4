// npm run bench — measures side by side in one run and prints ratios, never absolute verdicts.
import { performance } from 'node:perf_hooks';
import { bearer, createTestStudio, newOrganization, type TestStudio } from '../apps/server/test/harness.ts';
import { benchAnalytics } from './analytics.ts';
import { benchAttendeePages } from './attendee-pages.ts';
import { benchBrandingPreview } from './branding-preview.ts';
import { benchEmail } from './email.ts';
import { benchEngagement } from './engagement.ts';
import { benchHome } from './home.ts';
import { benchFillerSlides } from './filler-slides.ts';
import { benchHttp } from './http.ts';
import { benchLiveIngest } from './live-ingest.ts';
import { benchMedia } from './media.ts';
import { benchLive } from './live.ts';
import { benchMemory } from './memory.ts';
import { benchPeople } from './people.ts';
import { benchRegistration } from './registration.ts';
import { benchRegistrationLists } from './registration-lists.ts';
import { benchProgramme } from './programme.ts';
import { benchStageSwitch } from './stage-switch.ts';
import { benchTranscription } from './transcription.ts';
import { benchClips } from './clips.ts';
import { benchUploads } from './uploads.ts';
import { benchVideoList } from './video-list.ts';
import { benchWeb } from './web.ts';
import { benchWebhooks } from './webhooks.ts';

// BENCH_ONLY=api,http,memory,home,programme,people,registration,attendee,web,media,filler,uploads,list,live,email,engagement,transcription,clips,webhooks,analytics runs a subset (default: all).
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    'api,http,memory,home,programme,people,registration,attendee,web,media,filler,uploads,list,live,email,engagement,transcription,clips,webhooks,analytics'
  )
    .split(',')
    .map((name) => name.trim()),
);

const requests = Number(process.env.BENCH_REQUESTS ?? 400);

async function requestsPerSecond(
  studio: TestStudio,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  for (let i = 0; i < 20; i += 1) await studio.app.inject({ method: 'GET', url, headers });
  const started = performance.now();
  for (let i = 0; i < requests; i += 1) {
    const response = await studio.app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  return requests / ((performance.now() - started) / 1000);
}

async function measure(label: string, databaseKind: 'pglite' | 'postgres') {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false });
  try {
    const admin = await newOrganization(studio.app);
    const health = await requestsPerSecond(studio, '/api/health', {});
    const me = await requestsPerSecond(studio, '/api/core/user/me/', bearer(admin.access));
    const organization = await requestsPerSecond(
      studio,
      `/api/core/organization/${admin.organization.id}/`,
      bearer(admin.access),
    );
    return { label, health, me, organization };
  } finally {
    await studio.close();
  }
}

if (only.has('api')) {
  const runs = [await measure('pglite', 'pglite')];
  if (process.env.TEST_DATABASE_URL) runs.push(await measure('postgres', 'postgres'));

  const baseline = runs[0]!;
  console.log(
    `API round trips in process (${requests} sequential requests each); ratios against /api/health on PGlite`,
  );
  for (const run of runs) {
    for (const key of ['health', 'me', 'organization'] as const) {
      console.log(
        `  ${run.label.padEnd(9)} ${key.padEnd(13)} ${(run[key] / baseline.health).toFixed(2)}× the baseline rate`,
      );
    }
  }
  if (runs[1]) {
    console.log(
      `  authenticated /me: PostgreSQL runs at ${(runs[1].me / baseline.me).toFixed(2)}× PGlite's rate`,
    );
  }
}

if (only.has('http')) {
  for (const line of await benchHttp('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchHttp('postgres')) console.log(line);
}
if (only.has('memory')) for (const line of await benchMemory()) console.log(line);
if (only.has('home')) {
  for (const line of await benchHome('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchHome('postgres')) console.log(line);
}
if (only.has('programme')) {
  for (const line of await benchProgramme('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchProgramme('postgres')) console.log(line);
}
if (only.has('people')) {
  for (const line of await benchPeople('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchPeople('postgres')) console.log(line);
}
if (only.has('registration')) {
  for (const line of await benchRegistration('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL)
    for (const line of await benchRegistration('postgres')) console.log(line);
  for (const line of await benchRegistrationLists('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL)
    for (const line of await benchRegistrationLists('postgres')) console.log(line);
}
if (only.has('attendee')) {
  for (const line of await benchAttendeePages('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL)
    for (const line of await benchAttendeePages('postgres')) console.log(line);
  for (const line of await benchStageSwitch('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchStageSwitch('postgres')) console.log(line);
  for (const line of await benchBrandingPreview()) console.log(line);
}
if (only.has('web')) for (const line of await benchWeb()) console.log(line);
if (only.has('media')) for (const line of await benchMedia()) console.log(line);
if (only.has('filler')) for (const line of await benchFillerSlides()) console.log(line);
if (only.has('transcription')) for (const line of await benchTranscription()) console.log(line);
if (only.has('clips')) for (const line of await benchClips()) console.log(line);
if (only.has('uploads')) for (const line of await benchUploads()) console.log(line);
if (only.has('list')) {
  for (const line of await benchVideoList('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchVideoList('postgres')) console.log(line);
}
if (only.has('live')) {
  for (const line of await benchLive()) console.log(line);
  for (const line of await benchLiveIngest()) console.log(line);
}
if (only.has('email')) for (const line of await benchEmail()) console.log(line);
if (only.has('webhooks')) {
  for (const line of await benchWebhooks('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchWebhooks('postgres')) console.log(line);
}
if (only.has('engagement')) for await (const line of benchEngagement()) console.log(line);
if (only.has('analytics')) {
  for (const line of await benchAnalytics('pglite')) console.log(line);
  if (process.env.TEST_DATABASE_URL) for (const line of await benchAnalytics('postgres')) console.log(line);
}
