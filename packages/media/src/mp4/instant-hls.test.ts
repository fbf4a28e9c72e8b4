import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaBinaries } from '../binaries.ts';
import { fixture, removeFixtures, type FixtureName } from '../testing/fixtures.ts';
import { Mp4FormatError, openFileSource } from './boxes.ts';
import { instantPlaylists, instantSegment, openInstantRendition } from './instant-hls.ts';

afterAll(removeFixtures);
const run = promisify(execFile);

/** The hashes of the decoded frames of a file or playlist: video frames, audio frames. */
async function decodedFrames(input: string): Promise<{ video: string[]; audio: string[] }> {
  const { stdout } = await run(
    mediaBinaries().ffmpeg,
    ['-v', 'error', '-i', input, '-map', '0', '-f', 'framemd5', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const frames = stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').map((field) => field.trim()));
  const ofStream = (stream: string) =>
    frames.filter((fields) => fields[0] === stream).map((fields) => fields.at(-1)!);
  return { video: ofStream('0'), audio: ofStream('1') };
}

/** Writes the whole instant set of a file into a directory, as a player would fetch it. */
async function writeInstantSet(file: string, directory: string): Promise<string> {
  const source = await openFileSource(file);
  try {
    const rendition = await openInstantRendition(source);
    for (const [name, text] of Object.entries(instantPlaylists(rendition))) {
      await mkdir(dirname(join(directory, name)), { recursive: true });
      await writeFile(join(directory, name), text);
    }
    const variant = join(directory, 'source');
    for (const name of [
      'init.mp4',
      ...rendition.spans.map((_, i) => `segment-${String(i).padStart(5, '0')}.m4s`),
    ]) {
      await writeFile(join(variant, name), (await instantSegment(rendition, name, source))!);
    }
    return join(directory, 'master.m3u8');
  } finally {
    await source.close();
  }
}

async function refusal(name: FixtureName): Promise<string> {
  const source = await openFileSource(await fixture(name));
  try {
    await openInstantRendition(source);
    return 'accepted';
  } catch (error) {
    if (error instanceof Mp4FormatError) return 'refused';
    throw error;
  } finally {
    await source.close();
  }
}

describe('instant HLS', () => {
  it.each<FixtureName>(['h264-aac.mp4', 'hd.mp4', 'no-audio.mp4'])(
    'plays %s frame for frame as the file itself',
    async (name) => {
      const directory = await mkdtemp(join(tmpdir(), 'instant-'));
      try {
        const file = await fixture(name);
        const master = await writeInstantSet(file, directory);
        const [fromFile, fromHls] = await Promise.all([decodedFrames(file), decodedFrames(master)]);
        expect(fromHls.video.length).toBeGreaterThan(0);
        expect(fromHls.video).toEqual(fromFile.video);
        // The AAC encoder's priming frame, which the file's edit list hides from ffmpeg, may lead.
        expect(fromHls.audio.length - fromFile.audio.length).toBeLessThanOrEqual(1);
        expect(fromHls.audio.slice(fromHls.audio.length - fromFile.audio.length)).toEqual(fromFile.audio);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );

  it('describes the variant in the master playlist and cuts segments at keyframes', async () => {
    const source = await openFileSource(await fixture('hd.mp4'));
    try {
      const rendition = await openInstantRendition(source);
      const playlists = instantPlaylists(rendition);
      expect(playlists['master.m3u8']).toMatch(
        /RESOLUTION=1280x720,FRAME-RATE=30\.000,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\nsource\/index\.m3u8/,
      );
      // 2 s at a keyframe every 30 frames: one segment (the target is 4 s).
      expect(rendition.spans).toHaveLength(1);
      expect(playlists['source/index.m3u8']).toMatch(
        /#EXT-X-MAP:URI="init\.mp4"\n#EXTINF:2\.0\d{5},\nsegment-00000\.m4s\n#EXT-X-ENDLIST/,
      );
      expect(await instantSegment(rendition, 'segment-00001.m4s', source)).toBeUndefined();
      expect(await instantSegment(rendition, '../x', source)).toBeUndefined();
    } finally {
      await source.close();
    }
  });

  it('refuses a movie header whose timescale is 0 (its duration is unreadable)', async () => {
    expect(await refusal('zero-timescale.mp4')).toBe('refused');
  });

  it('plays the first audio track of a file with two', async () => {
    expect(await refusal('two-audio.mp4')).toBe('accepted');
  });

  it('refuses an index that claims more samples than the file could hold, without trying to allocate them', async () => {
    const whole = await readFile(await fixture('hd.mp4'));
    const stsz = whole.indexOf('stsz', 0, 'latin1');
    whole.writeUInt32BE(1, stsz + 8); // every sample one byte…
    whole.writeUInt32BE(0xfffffff0, stsz + 12); // …and four billion of them
    const file = join(await mkdtemp(join(tmpdir(), 'crafted-')), 'crafted.mp4');
    await writeFile(file, whole);
    const source = await openFileSource(file);
    try {
      await expect(openInstantRendition(source)).rejects.toThrow(Mp4FormatError);
    } finally {
      await source.close();
      await rm(dirname(file), { recursive: true, force: true });
    }
  });

  it('answers a damaged index with a refusal, never another error', async () => {
    const whole = await readFile(await fixture('hd.mp4'));
    const moovAt = whole.indexOf('moov', 0, 'latin1') - 4;
    // Every box of the index, with the boxes that contain it.
    const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf']);
    const boxes: { start: number; ancestors: number[] }[] = [];
    const walk = (start: number, end: number, ancestors: number[]) => {
      for (let at = start; at + 8 <= end; at += whole.readUInt32BE(at)) {
        boxes.push({ start: at, ancestors });
        if (containers.has(whole.toString('latin1', at + 4, at + 8)))
          walk(at + 8, at + whole.readUInt32BE(at), [...ancestors, at]);
      }
    };
    walk(moovAt, moovAt + whole.readUInt32BE(moovAt), []);
    const directory = await mkdtemp(join(tmpdir(), 'damaged-'));
    const outcomes = new Set<string>();
    try {
      // Each box in turn cut to 4 bytes of payload, the file ending right after it (its parents shortened
      // to match), and four bytes overwritten inside it: fields read past what is there, or read garbage.
      for (const [i, { start, ancestors }] of boxes.entries()) {
        for (const damage of ['cut', 'overwritten'] as const) {
          const damaged = Buffer.from(whole.subarray(0, damage === 'cut' ? start + 12 : whole.length));
          if (damage === 'cut') {
            damaged.writeUInt32BE(12, start);
            for (const parent of ancestors) damaged.writeUInt32BE(start + 12 - parent, parent);
          } else {
            damaged.writeUInt32BE((i * 2_654_435_761) >>> 0, start + 8 + ((i * 7) % 8));
          }
          const file = join(directory, `damaged-${i}-${damage}.mp4`);
          await writeFile(file, damaged);
          const source = await openFileSource(file);
          try {
            await openInstantRendition(source);
            outcomes.add('accepted');
          } catch (error) {
            if (!(error instanceof Mp4FormatError)) throw error;
            outcomes.add('refused');
          } finally {
            await source.close();
          }
        }
      }
      expect(boxes.length).toBeGreaterThan(20);
      expect(outcomes).toContain('refused');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it.each<FixtureName>([
    'two-video.mp4',
    'audio.m4a',
    'rotated.mp4',
    'mpeg4-mp3.mkv',
    'h264-aac.ts',
    'truncated.mp4',
    'truncated-index-last.mp4',
    'garbage.bin',
    'text.txt',
  ])('leaves %s to the probe and ffmpeg', async (name) => {
    expect(await refusal(name)).toBe('refused');
  });
});
