import { execFileSync } from 'node:child_process';
import { copyFile, chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureExecutable, locateMediaBinaries } from './binaries.ts';

describe('locateMediaBinaries', () => {
  it('prefers FFMPEG_PATH and FFPROBE_PATH', () => {
    const found = locateMediaBinaries({
      FFMPEG_PATH: '/usr/bin/ffmpeg',
      FFPROBE_PATH: '/usr/bin/ffprobe',
      PATH: '',
    });
    expect(found).toEqual({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' });
  });

  it('takes the system binaries from PATH', () => {
    expect(locateMediaBinaries({ PATH: '/nowhere:/usr/bin' })).toMatchObject({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
    });
  });

  it('falls back to the npm-shipped binaries, which run', () => {
    const found = locateMediaBinaries({ PATH: '/nowhere' });
    expect(found.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(found.ffprobe).toMatch(/@ffprobe-installer/);
    expect(found.setpriv).toBeUndefined();
    expect(execFileSync(found.ffprobe, ['-version'], { encoding: 'utf8' })).toMatch(/^ffprobe version/);
  });
});

describe('ensureExecutable', () => {
  it('sets the execute bit a package unpacked without', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binaries-'));
    const copy = join(dir, 'tool');
    await copyFile('/bin/true', copy);
    await chmod(copy, 0o644);
    ensureExecutable(copy);
    expect((await stat(copy)).mode & 0o777).toBe(0o755);
    await rm(dir, { recursive: true });
  });
});
