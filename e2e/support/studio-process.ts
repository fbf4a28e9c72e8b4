import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePorts } from '../../apps/server/test/free-ports.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
/** The server as `npm run build` bundles it and `npm start` runs it. */
const BUILT_SERVER = 'apps/server/dist/main.mjs';

export interface StudioProcess {
  url: string;
  /** The attendee site's address (EVENTS_PORT, a free port of its own). */
  attendeeUrl: string;
  /** The RTMP port encoders publish to (RTMP_PORT, a free port of its own). */
  rtmpPort: number;
  stop(): Promise<number | null>;
  output(): string;
}

/** A studio's extra environment; as a function, read when the studio starts (a mail server's address). */
export type StudioEnv = NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);

/** How long a studio may take to start (E2E_STUDIO_START_MS: a machine shared by many runs needs more). */
export const START_TIMEOUT_MS = Number(process.env.E2E_STUDIO_START_MS ?? 60_000);

/**
 * Starts the built studio the way `npm start` serves it (after the build), on the embedded
 * database under `dataDir`, its public addresses the ones it serves on, and waits until it prints
 * its URL. `env` adds or overrides environment variables.
 */
export async function startStudio(dataDir: string, env: StudioEnv = {}): Promise<StudioProcess> {
  const [port, eventsPort, rtmpPort] = await freePorts(3);
  const url = `http://127.0.0.1:${port}`;
  const attendeeUrl = `http://127.0.0.1:${eventsPort}`;
  const extraEnv = typeof env === 'function' ? env() : env;
  if (!existsSync(path.join(repositoryRoot, BUILT_SERVER)))
    throw new Error(`The studio is not built (${BUILT_SERVER} is missing): run npm run build first.`);
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      EVENTS_PORT: String(eventsPort),
      EVENTS_PUBLIC_URL: attendeeUrl,
      RTMP_PORT: String(rtmpPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  await new Promise<void>((resolve, reject) => {
    // A studio late to start is stopped: left running, it loads the machine and keeps vitest from exiting.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`studio did not start:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout?.on('data', () => {
      if (output.includes('Event Studio is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`studio exited with ${String(code)}:\n${output}`));
    });
  });

  return {
    url,
    attendeeUrl,
    rtmpPort,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
