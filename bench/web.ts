// The studio in a browser: what the first screens download and how fast they paint, measured in
// headless Chromium against the built studio on loopback, each beside its baseline of the same run.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { signUpWithOrganization } from '../e2e/support/sign-up.ts';
import { startStudio } from '../e2e/support/studio-process.ts';
import { ensureWebBuild, ratio, webDist as dist } from './bench-util.ts';

const root = path.resolve(import.meta.dirname, '..');
const PAINT_RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 7);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const gzipped = (content: Buffer) => gzipSync(content).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** react + react-dom in production, bundled by the studio's own Vite from a one-line app, gzip. */
async function reactBaselineBytes(): Promise<number> {
  const dir = path.join(root, 'node_modules/.cache/bench-react-baseline');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>',
  );
  await writeFile(
    path.join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));\n",
  );
  const { build } = await import('vite');
  await build({ root: dir, logLevel: 'silent', build: { outDir: path.join(dir, 'dist') } });
  const assets = path.join(dir, 'dist/assets');
  let total = 0;
  for (const file of await readdir(assets)) total += gzipped(await readFile(path.join(assets, file)));
  await rm(dir, { recursive: true, force: true });
  return total;
}

interface ScreenLoad {
  /** Bytes on the wire (compressed as served), every answer of the screen. */
  transfer: number;
  /** The screen's JavaScript and CSS, gzip. */
  codeGzip: number;
}

/** Opens a screen and waits until the network is quiet, adding up what it loaded. */
async function loadScreen(page: Page, url: string): Promise<ScreenLoad> {
  const responses: { url: string; type: string; transfer: Promise<number> }[] = [];
  const onResponse = (response: Response) =>
    responses.push({
      url: response.url(),
      type: response.request().resourceType(),
      transfer: response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize)
        .catch(() => 0),
    });
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  let transfer = 0;
  let codeGzip = 0;
  for (const response of responses) {
    transfer += await response.transfer;
    if (response.type !== 'script' && response.type !== 'stylesheet') continue;
    const file = path.join(dist, new URL(response.url).pathname);
    if (existsSync(file)) codeGzip += gzipped(await readFile(file));
  }
  return { transfer, codeGzip };
}

/** First contentful paint of a page in a fresh tab (ms). */
async function firstPaint(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    // A string, so the browser's types stay out of this Node program.
    return await page.evaluate<number>(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(entry.startTime);
      }).observe({ type: 'paint', buffered: true });
    })`);
  } finally {
    await page.close();
  }
}

/** A blank page (one line of text) served from loopback: the floor of a first paint. */
async function blankPageServer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Blank</title><p>Blank</p>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

export async function benchWeb(): Promise<string[]> {
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-web-'));
  const studio = await startStudio(dataDir);
  const blank = await blankPageServer();
  const browser = await launchBrowser();
  try {
    const react = await reactBaselineBytes();
    const context = await browser.newContext({ baseURL: studio.url });
    const login = await loadScreen(await context.newPage(), '/auth/login');
    const person = await context.newPage();
    await signUpWithOrganization(
      person,
      { firstName: 'Bench', lastName: 'Person', email: 'bench@example.com', password: 'Bench@Studio1' },
      'Bench Org',
    );
    const home = await loadScreen(await context.newPage(), '/home');

    const loginPaints: number[] = [];
    const blankPaints: number[] = [];
    for (let run = 0; run < PAINT_RUNS; run += 1) {
      blankPaints.push(await firstPaint(browser, blank.url));
      loginPaints.push(await firstPaint(browser, `${studio.url}/auth/login`));
    }
    const loginPaint = median(loginPaints);
    const blankPaint = median(blankPaints);
    return [
      'Studio in Chromium (built app on loopback)',
      `  /auth/login first-screen transfer ${kb(login.transfer)} (goal ≤ 250 KB)`,
      `  /auth/login JS+CSS ${kb(login.codeGzip)} gzip ÷ react+react-dom ${kb(react)} gzip: ${ratio(login.codeGzip / react)} (goal ≤ 3)`,
      `  /home       JS+CSS ${kb(home.codeGzip)} gzip ÷ react+react-dom ${kb(react)} gzip: ${ratio(home.codeGzip / react)} (goal ≤ 3); transfer ${kb(home.transfer)}`,
      `  /auth/login first paint ${loginPaint.toFixed(0)} ms ÷ blank page ${blankPaint.toFixed(0)} ms: ${ratio(loginPaint / blankPaint)} (median of ${PAINT_RUNS}; goal ≤ 3)`,
    ];
  } finally {
    await browser.close();
    blank.close();
    await studio.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
