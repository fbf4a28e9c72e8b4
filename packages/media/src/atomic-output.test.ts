import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAtomically } from './atomic-output.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-output-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('shows a file only once it is complete', async () => {
    const target = join(dir, 'video.mp4');
    await writeAtomically(target, async (work) => {
      await writeFile(work, 'half');
      expect(existsSync(target)).toBe(false);
      await writeFile(work, 'whole');
    });
    expect(await readFile(target, 'utf8')).toBe('whole');
    expect(await readdir(dir)).toEqual(['video.mp4']);
  });

  it('replaces a directory as a whole, old files included', async () => {
    const target = join(dir, 'hls');
    await mkdir(target);
    await writeFile(join(target, 'stale.ts'), 'old');
    await writeAtomically(
      target,
      async (work) => {
        expect(await readdir(target)).toEqual(['stale.ts']);
        await writeFile(join(work, 'master.m3u8'), '#EXTM3U');
      },
      { directory: true },
    );
    expect(await readdir(target)).toEqual(['master.m3u8']);
    expect(await readdir(dir)).toEqual(['hls']);
  });

  it('leaves the previous output untouched and no trace when the write fails', async () => {
    const target = join(dir, 'thumbnail.jpg');
    await writeFile(target, 'previous');
    const failing = writeAtomically(target, async (work) => {
      await writeFile(work, 'partial');
      throw new Error('ffmpeg failed');
    });
    await expect(failing).rejects.toThrow('ffmpeg failed');
    expect(await readFile(target, 'utf8')).toBe('previous');
    expect(await readdir(dir)).toEqual(['thumbnail.jpg']);
  });

  it('creates missing parent directories', async () => {
    const target = join(dir, 'assets', 'a1', 'hls');
    await writeAtomically(target, (work) => writeFile(join(work, 'master.m3u8'), '#EXTM3U'), {
      directory: true,
    });
    expect(await readdir(target)).toEqual(['master.m3u8']);
  });
});
