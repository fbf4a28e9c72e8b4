import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { serveAttendeeAssets } from './attendee-assets.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function webBuild(manifest: unknown) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'attendee-assets-'));
  dirs.push(dir);
  await mkdir(path.join(dir, '.vite'), { recursive: true });
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('the attendee bundle found through the manifest', () => {
  it("names the attendee entry's built file", async () => {
    const dir = await webBuild({
      'src/attendee/main.tsx': {
        file: 'assets/attendee-1.js',
        dynamicImports: ['src/attendee/registration-form.ts'],
      },
      'src/attendee/registration-form.ts': { file: 'assets/registration-form-1.js' },
    });
    expect(await serveAttendeeAssets(Fastify(), dir)).toEqual({ script: '/assets/attendee-1.js' });
  });

  it('has no script without a web build', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'attendee-assets-'));
    dirs.push(dir);
    expect(await serveAttendeeAssets(Fastify(), dir)).toEqual({ script: undefined });
  });
});
