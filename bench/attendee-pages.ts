// The public registration page on the attendee origin (issue 17, performance): its server render
// under 200 concurrent visitors beside /api/health under the same load, and what a visitor's
// browser downloads before the form is usable; the event app's initial JS beside the studio's.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { ensureWebBuild, monthAheadEvent, ratio, webDist } from './bench-util.ts';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const VISITORS = 200;

async function p99Under200(url: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url, connections: VISITORS, duration: SECONDS, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The script main.tsx loads on a page with the registration form. */
const REGISTRATION_FORM_SCRIPT = 'src/attendee/registration-form.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const readManifest = async (): Promise<Manifest> =>
  JSON.parse(await readFile(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The gzipped CSS and JS the entries load up front: their chunks and stylesheets, through static imports. */
async function upFront(manifest: Manifest, entries: readonly string[]): Promise<{ css: number; js: number }> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of entries) {
    if (!manifest[key]) throw new Error(`the web build has no ${key}`);
    visit(key);
  }
  let css = 0;
  let js = 0;
  for (const file of files) {
    const size = gzipSync(await readFile(path.join(webDist, file))).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { css, js };
}

/**
 * What a visitor downloads before the form is usable: the page's HTML (the form and the page's
 * one style in it), then the attendee entry and the registration form's script, which the entry
 * loads on this page, with every chunk and stylesheet they import, each gzipped.
 */
async function pageWeight(pageUrl: string): Promise<{ html: number; css: number; js: number }> {
  const html = await (await fetch(pageUrl)).text();
  if (!html.includes('<form data-registration-form')) throw new Error(`${pageUrl}: no registration form`);
  const assets = await upFront(await readManifest(), ['src/attendee/main.tsx', REGISTRATION_FORM_SCRIPT]);
  return { html: gzipSync(html).length, ...assets };
}

/** The event app's initial JS (the attendee entry and the app's island) and the studio's (index.html), gzip. */
async function initialJs(): Promise<{ eventApp: number; studio: number }> {
  const manifest = await readManifest();
  const eventApp = await upFront(manifest, ['src/attendee/main.tsx', 'src/attendee/event-app/event-app.tsx']);
  const studio = await upFront(manifest, ['index.html']);
  return { eventApp: eventApp.js, studio: studio.js };
}

export async function benchAttendeePages(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  ensureWebBuild();
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false, webDistDir: webDist });
  try {
    const admin = await newAdmin(studio);
    const event = await monthAheadEvent(studio, admin.access, 'Northwind Summit', {
      hours: 8,
      description: '<p>Keynotes, workshops and the partner fair.</p>',
    });
    const studioUrl = await studio.app.listen({ port: 0, host: '127.0.0.1' });
    const attendeeUrl = await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
    const registerPage = `${attendeeUrl}/e/${event.id}/register`;
    const weight = await pageWeight(registerPage);
    const initial = await initialJs();
    const health = await p99Under200(`${studioUrl}/api/health`);
    const page = await p99Under200(registerPage);
    const total = weight.html + weight.css + weight.js;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    return [
      `Public registration page on ${databaseKind} (autocannon, ${VISITORS} connections, ${SECONDS} s each)`,
      `  /api/health        ${health.rps.toFixed(0)} req/s, p99 ${health.p99} ms`,
      `  /e/{id}/register   ${page.rps.toFixed(0)} req/s, p99 ${page.p99} ms; p99 ÷ /api/health p99 ${ratio(page.p99 / health.p99)} (goal ≤ 5)`,
      `  page weight (gzip) HTML ${kb(weight.html)} + CSS ${kb(weight.css)} + JS ${kb(weight.js)} = ${kb(total)} (goal < 100 KB)`,
      `  event app initial JS ${kb(initial.eventApp)} ÷ studio initial JS ${kb(initial.studio)} (gzip): ${ratio(initial.eventApp / initial.studio)} (goal ≤ 0.5)`,
    ];
  } finally {
    await studio.close();
  }
}
