import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  checkMediaTools,
  describeMediaTools,
  locateMediaBinaries,
  useMediaBinaries,
  VIDEO_PROCESSING_UNAVAILABLE,
} from './binaries.ts';
import { MediaToolError, runMediaTool } from './runner.ts';

const scratch = await mkdtemp(join(tmpdir(), 'binaries-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));
afterEach(() => useMediaBinaries({}));

describe('locateMediaBinaries', () => {
  it('prefers FFMPEG_PATH and FFPROBE_PATH', () => {
    const found = locateMediaBinaries({
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
      PATH: '/usr/bin',
    });
    expect(found).toMatchObject({
      ffmpeg: '/opt/ffmpeg/bin/ffmpeg',
      ffprobe: '/opt/ffmpeg/bin/ffprobe',
      origin: { ffmpeg: 'configured', ffprobe: 'configured' },
    });
  });

  it('takes the system binaries from PATH', () => {
    expect(locateMediaBinaries({ PATH: '/nowhere:/usr/bin' })).toMatchObject({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
      origin: { ffmpeg: 'PATH', ffprobe: 'PATH' },
    });
  });

  it('falls back to nothing: no binary shipped on npm is used', () => {
    expect(locateMediaBinaries({ PATH: '/nowhere' })).toEqual({
      ffmpeg: 'ffmpeg',
      ffprobe: 'ffprobe',
      origin: { ffmpeg: 'nowhere', ffprobe: 'nowhere' },
    });
  });
});

describe('checkMediaTools', () => {
  it('names the binaries in use and their version lines', async () => {
    useMediaBinaries({ ffmpeg: '/usr/bin/ffmpeg' }, { PATH: '/usr/bin' });
    const check = await checkMediaTools();
    expect(check.ready).toBe(true);
    expect(check.tools.map(({ tool, path, from }) => [tool, path, from])).toEqual([
      ['ffmpeg', '/usr/bin/ffmpeg', 'configured'],
      ['ffprobe', '/usr/bin/ffprobe', 'PATH'],
    ]);
    expect(check.tools[0]?.version).toMatch(/^ffmpeg version \S+$/);
    expect(check.tools[1]?.version).toMatch(/^ffprobe version \S+$/);
    const [ffmpegLine, ffprobeLine, ...more] = describeMediaTools(check);
    expect(ffmpegLine).toMatch(/^ffmpeg: \/usr\/bin\/ffmpeg \(FFMPEG_PATH\) — ffmpeg version /);
    expect(ffprobeLine).toMatch(/^ffprobe: \/usr\/bin\/ffprobe \(PATH\) — ffprobe version /);
    expect(more).toEqual([]);
  });

  it('says clearly what is missing, broken or crashing, and what to install', async () => {
    const crashing = join(scratch, 'crashing');
    await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n', { mode: 0o755 });
    const notFfprobe = join(scratch, 'ffprobe');
    await copyFile('/bin/echo', notFfprobe);
    for (const [paths, problem] of [
      [{ ffmpeg: join(scratch, 'absent') }, /^does not run: ENOENT$/],
      [{ ffmpeg: '/bin/false' }, /^does not run: exit code 1$/],
      [{ ffmpeg: crashing }, /^does not run: crashed \(SIGSEGV\)$/],
      [{ ffprobe: notFfprobe }, /^is not ffprobe/],
    ] as const) {
      useMediaBinaries(paths, { PATH: '/usr/bin' });
      const check = await checkMediaTools();
      expect(check.ready).toBe(false);
      expect(check.tools.find((tool) => tool.problem)?.problem).toMatch(problem);
      expect(describeMediaTools(check)[0]).toBe(`WARNING: ${VIDEO_PROCESSING_UNAVAILABLE}`);
    }
    useMediaBinaries({}, { PATH: '/nowhere' });
    const none = await checkMediaTools();
    expect(none.tools.map((tool) => tool.problem)).toEqual([
      'not found on PATH (set FFMPEG_PATH to use another)',
      'not found on PATH (set FFPROBE_PATH to use another)',
    ]);
    expect(VIDEO_PROCESSING_UNAVAILABLE).toMatch(/install ffmpeg \(apt-get install ffmpeg/);
  });

  it('runs media processes with the configured binaries', async () => {
    useMediaBinaries({ ffprobe: join(scratch, 'absent') }, { PATH: '/usr/bin' });
    await expect(runMediaTool('ffprobe', ['-version'])).rejects.toThrow();
    useMediaBinaries({}, { PATH: '/usr/bin' });
    await expect(runMediaTool('ffprobe', ['-v', 'error', 'file:/nowhere.mp4'])).rejects.toThrow(
      MediaToolError,
    );
  });
});
