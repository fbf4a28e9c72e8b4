import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaSource } from './facts.ts';
import { transcodePlan } from './plan.ts';
import { probeMedia } from './probe.ts';
import { HLS_MASTER_PLAYLIST } from './recipes/hls.ts';
import { runMediaTool } from './runner.ts';
import { captureThumbnail, encodeHlsLadder, encodeLowRendition, remuxToHls, writeMp4 } from './steps.ts';
import { useCraftedPlaylists } from './testing/crafted-playlists.ts';
import { mediaToolFailure } from './testing/failure.ts';
import { fixture, fixtureDir, removeFixtures, type FixtureName } from './testing/fixtures.ts';

let out: string;
const sources = new Map<FixtureName, MediaSource>();
async function source(name: FixtureName): Promise<MediaSource> {
  const path = await fixture(name);
  const probed = sources.get(name) ?? { path, facts: await probeMedia(path) };
  sources.set(name, probed);
  return probed;
}

beforeAll(async () => {
  out = await mkdtemp(join(fixtureDir, 'steps-'));
  await Promise.all((['h264-aac.mp4', 'mpeg4-mp3.mkv', 'audio.m4a'] as const).map(source));
});
afterAll(removeFixtures);

/** What a player would find: ffprobe reading an output the way hls.js or a browser would. */
async function playable(path: string) {
  const { stdout } = await runMediaTool('ffprobe', [
    ...[
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_name,width,height',
      '-of',
      'json',
      path,
    ],
  ]);
  const { format, streams } = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_name: string; width?: number; height?: number }[];
  };
  return { duration: Number(format.duration), streams };
}

/** Top-level box types of an mp4, in file order. */
async function mp4Boxes(path: string): Promise<string[]> {
  const bytes = await readFile(path);
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length; offset += bytes.readUInt32BE(offset)) {
    boxes.push(bytes.toString('latin1', offset + 4, offset + 8));
    if (bytes.readUInt32BE(offset) === 0) break;
  }
  return boxes;
}

/** The mp4's index (moov) stands before its media (mdat): it starts playing before it is fully downloaded. */
async function expectIndexFirst(path: string) {
  const boxes = await mp4Boxes(path);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

describe('remuxToHls', () => {
  it('makes a browser-ready file playable as HLS without re-encoding', async () => {
    const clip = await source('h264-aac.mp4');
    const target = join(out, 'remux');
    await remuxToHls(clip, target);
    expect((await readdir(target)).sort()).toEqual([HLS_MASTER_PLAYLIST, 'source']);
    expect(await readdir(join(target, 'source'))).toContain('segment-00000.ts');
    const hls = await playable(join(target, HLS_MASTER_PLAYLIST));
    expect(hls.duration).toBeCloseTo(3, 0);
    expect(hls.streams).toEqual([{ codec_name: 'h264', width: 640, height: 360 }, { codec_name: 'aac' }]);
    expect(await readdir(out)).not.toContainEqual(expect.stringMatching(/^\.partial-/));
  });
});

describe('encodeHlsLadder', () => {
  it('never upscales: a 360p source gets a 360p rendition only', async () => {
    const clip = await source('h264-aac.mp4');
    const target = join(out, 'ladder');
    const progress: number[] = [];
    await encodeHlsLadder(clip, target, transcodePlan(clip.facts).ladder, {
      onProgress: (f) => progress.push(f),
    });
    expect((await readdir(target)).sort()).toEqual(['360p', HLS_MASTER_PLAYLIST]);
    const master = await readFile(join(target, HLS_MASTER_PLAYLIST), 'utf8');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).not.toContain('1280x720');
    expect((await playable(join(target, HLS_MASTER_PLAYLIST))).streams[0]).toEqual({
      codec_name: 'h264',
      width: 640,
      height: 360,
    });
    expect(progress.at(-1)).toBe(1);
  });
});

describe('encodeLowRendition', () => {
  it('makes a file in other codecs playable as H.264/AAC HLS', async () => {
    const clip = await source('mpeg4-mp3.mkv');
    const plan = transcodePlan(clip.facts);
    expect(plan.firstPlayable).toBe('low-rendition');
    const target = join(out, 'low');
    await encodeLowRendition(clip, target, plan.ladder);
    const hls = await playable(join(target, HLS_MASTER_PLAYLIST));
    expect(hls.streams).toEqual([{ codec_name: 'h264', width: 320, height: 180 }, { codec_name: 'aac' }]);
  });
});

describe('a video recorded sideways', () => {
  it('is encoded upright rather than remuxed (MPEG-TS cannot carry the rotation)', async () => {
    const clip = await source('rotated.mp4');
    const plan = transcodePlan(clip.facts);
    expect(plan).toMatchObject({ firstPlayable: 'low-rendition', mp4: 'encode' });
    const target = join(out, 'rotated');
    await encodeLowRendition(clip, target, plan.ladder);
    expect((await playable(join(target, HLS_MASTER_PLAYLIST))).streams[0]).toEqual({
      codec_name: 'h264',
      width: 360,
      height: 640,
    });
  });
});

describe('writeMp4', () => {
  it('copies a browser-ready file with its index (moov) before its media (mdat)', async () => {
    const clip = await source('h264-aac.mp4');
    expect(await mp4Boxes(clip.path)).toEqual(['ftyp', 'free', 'mdat', 'moov']);
    const target = join(out, 'copy.mp4');
    await writeMp4(clip, target, 'copy');
    await expectIndexFirst(target);
  });

  it('encodes other codecs to H.264/AAC, index first', async () => {
    const clip = await source('mpeg4-mp3.mkv');
    const target = join(out, 'encoded.mp4');
    await writeMp4(clip, target, transcodePlan(clip.facts).mp4);
    expect((await playable(target)).streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    await expectIndexFirst(target);
  });

  it('keeps the sound of an audio file, not its cover art', async () => {
    const clip = await source('audio.m4a');
    const target = join(out, 'audio.mp4');
    await writeMp4(clip, target, transcodePlan(clip.facts).mp4);
    expect((await playable(target)).streams).toEqual([{ codec_name: 'aac' }]);
  });
});

describe('captureThumbnail', () => {
  it('writes a JPEG of the frame at 1 s', async () => {
    const target = join(out, 'thumbnail.jpg');
    await captureThumbnail(await source('h264-aac.mp4'), target);
    const bytes = await readFile(target);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await playable(target)).streams).toEqual([{ codec_name: 'mjpeg', width: 640, height: 360 }]);
  });
});

describe('a failing step', () => {
  const crafted = useCraftedPlaylists();

  it('rejects with the reason and leaves no output behind', async () => {
    const clip = await source('h264-aac.mp4');
    const garbage = { path: await fixture('garbage.bin'), facts: clip.facts };
    const target = join(out, 'failed');
    const failure = await mediaToolFailure(
      encodeHlsLadder(garbage, target, transcodePlan(clip.facts).ladder),
    );
    expect(failure.tool).toBe('ffmpeg');
    expect(failure.reason).toMatch(/Invalid data/);
    expect(existsSync(target)).toBe(false);
    expect(await readdir(out)).not.toContainEqual(expect.stringMatching(/^\.partial-/));
  });

  it('cannot be talked into reading a playlist: the demuxer stays the probed one', async () => {
    const clip = await source('h264-aac.mp4');
    for (const path of Object.values(crafted.paths)) {
      await mediaToolFailure(remuxToHls({ path, facts: clip.facts }, join(out, 'crafted')));
    }
    expect(crafted.requests()).toBe(0);
  });

  it('cannot reach the network even if the playlist demuxer were pinned', async () => {
    const clip = await source('h264-aac.mp4');
    const asPlaylist = { path: crafted.paths.network, facts: { ...clip.facts, formatNames: ['hls'] } };
    const failure = await mediaToolFailure(remuxToHls(asPlaylist, join(out, 'network')));
    expect(failure.stderrTail).toMatch(/'http' not on whitelist 'file'/);
    expect(crafted.requests()).toBe(0);
  });
});
