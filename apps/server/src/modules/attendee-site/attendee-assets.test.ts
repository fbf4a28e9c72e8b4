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
  it("links the registration form's stylesheets, its imports' first, each once", async () => {
    const dir = await webBuild({
      'src/attendee/main.tsx': {
        file: 'assets/attendee-1.js',
        dynamicImports: ['src/attendee/register.tsx'],
      },
      'src/attendee/register.tsx': {
        file: 'assets/register-1.js',
        css: ['assets/register-1.css'],
        imports: ['_Stack.js', '_Button.js'],
      },
      '_Stack.js': { file: 'assets/Stack.js', css: ['assets/Stack.css'] },
      '_Button.js': { file: 'assets/Button.js', imports: ['_Stack.js'] },
    });
    const assets = await serveAttendeeAssets(Fastify(), dir);
    expect(assets).toEqual({
      script: '/assets/attendee-1.js',
      formStyles: ['/assets/Stack.css', '/assets/register-1.css'],
    });
  });

  it('has neither script nor styles without a web build', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'attendee-assets-'));
    dirs.push(dir);
    expect(await serveAttendeeAssets(Fastify(), dir)).toEqual({ script: undefined, formStyles: [] });
  });
});
