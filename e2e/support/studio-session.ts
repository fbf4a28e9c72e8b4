import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { callApi } from './api.ts';
import { launchBrowser } from './browser.ts';
import { dataDirFromTemplate } from './data-template.ts';
import { START_TIMEOUT_MS, startStudio, type StudioEnv, type StudioProcess } from './studio-process.ts';

/** How long what runs before a journey's studio starts may take (the demo seed). */
const BEFORE_START_MS = 300_000;

/** Sign-in rate limits no journey reaches, for journeys signing many people in from one address. */
export const generousAuthLimits = {
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '10000',
};

export interface StudioSessionOptions {
  /** Names the journey's temporary directory (`studio-e2e-<name>-…`). */
  name: string;
  /** The studio's environment (see startStudio), at its first start and at a restart. */
  env?: StudioEnv;
  /** Runs on the studio's data directory (a copy of the migrated template) before its first start (demo data, for instance). */
  beforeStart?: (dataDir: string) => Promise<void>;
  /** Chromium's extra switches (a fake camera, for instance); as a function, of the journey's directory. */
  browserArgs?: readonly string[] | ((dir: string) => readonly string[]);
  /** The first page's context; its baseURL is the studio's address unless given. */
  context?: BrowserContextOptions;
}

export interface StudioSession {
  /** The journey's temporary directory: the studio's data in `data/`, the journey's files beside it. */
  readonly dir: string;
  /** The studio's data directory (`DATA_DIR`). */
  readonly dataDir: string;
  /** The running studio (another one after restartStudio). */
  readonly studio: StudioProcess;
  /** The first page, in a context of its own. */
  readonly page: Page;
  /** A JSON call to the studio's API (see callApi), as `access` when given. */
  api<T>(
    method: string,
    apiPath: string,
    body?: unknown,
    access?: string,
  ): Promise<{ status: number; body: T }>;
  /** A page in a new context (new cookies), on the studio's address unless `options` say otherwise. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Stops the studio, answers its exit code, and starts it again on the same data (`env` replaces the options'). */
  restartStudio(env?: StudioEnv): Promise<number | null>;
}

interface Running {
  dir: string;
  studio: StudioProcess;
  browser: Browser;
  page: Page;
}

/**
 * The set-up every e2e journey shares, registered as the file's beforeAll and afterAll: a temporary
 * directory, the built studio started on it, Chromium, and a first page; all of it torn down after
 * the file (closing Chromium closes every page's context). Hooks a file registers before this call run before the studio starts (a mail server
 * its environment names); those after it, once the studio and the page are there.
 */
export function useStudioSession(options: StudioSessionOptions): StudioSession {
  let running: Partial<Running> = {};
  const env = options.env ?? {};
  const get = <K extends keyof Running>(key: K): Running[K] => {
    const value = running[key];
    if (value === undefined) throw new Error(`the studio session has no ${key} (used outside its tests?)`);
    return value;
  };
  const dataDir = () => path.join(get('dir'), 'data');

  const session: StudioSession = {
    get dir() {
      return get('dir');
    },
    get dataDir() {
      return dataDir();
    },
    get studio() {
      return get('studio');
    },
    get page() {
      return get('page');
    },
    api: (method, apiPath, body, access) => callApi(get('studio').url, method, apiPath, body, access),
    async newPage(contextOptions = {}) {
      const context = await get('browser').newContext({ baseURL: get('studio').url, ...contextOptions });
      return context.newPage();
    },
    async restartStudio(restartEnv = env) {
      const code = await get('studio').stop();
      running.studio = await startStudio(dataDir(), restartEnv);
      return code;
    },
  };

  beforeAll(
    async () => {
      running.dir = await mkdtemp(path.join(os.tmpdir(), `studio-e2e-${options.name}-`));
      await dataDirFromTemplate(dataDir());
      await options.beforeStart?.(dataDir());
      running.studio = await startStudio(dataDir(), env);
      const { browserArgs = [] } = options;
      running.browser = await launchBrowser(
        typeof browserArgs === 'function' ? browserArgs(get('dir')) : browserArgs,
      );
      running.page = await session.newPage(options.context);
      // The studio's start, then Chromium's (the project's 180 s when the start keeps its 60 s), after
      // what runs before the start (the demo seed transcodes its videos: minutes on a busy machine).
    },
    START_TIMEOUT_MS + 120_000 + (options.beforeStart ? BEFORE_START_MS : 0),
  );

  afterAll(async () => {
    const { dir, studio, browser } = running;
    running = {};
    await browser?.close();
    await studio?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return session;
}
