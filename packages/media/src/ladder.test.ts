import { describe, expect, it } from 'vitest';
import type { MediaFacts, StreamFacts } from './facts.ts';
import { selectLadder } from './ladder.ts';
import { isBrowserReady, transcodePlan } from './plan.ts';

function video(width: number, height: number, change: Partial<StreamFacts> = {}): StreamFacts {
  return {
    index: 0,
    kind: 'video',
    codec: 'h264',
    pixelFormat: 'yuv420p',
    attachedPicture: false,
    width,
    height,
    ...change,
  };
}
const aac: StreamFacts = { index: 1, kind: 'audio', codec: 'aac', attachedPicture: false };
function facts(...streams: StreamFacts[]): MediaFacts {
  return { formatNames: ['mov', 'mp4'], durationSeconds: 10, streams, problems: [] };
}
const sizes = (ladder: { name: string; width: number; height: number }[]) =>
  ladder.map(({ name, width, height }) => `${name} ${width}x${height}`);

describe('selectLadder', () => {
  it.each<[string, StreamFacts, string[]]>([
    ['1080p', video(1920, 1080), ['360p 640x360', '720p 1280x720', '1080p 1920x1080']],
    ['4K stops at 1080p', video(3840, 2160), ['360p 640x360', '720p 1280x720', '1080p 1920x1080']],
    ['720p never upscales to 1080p', video(1280, 720), ['360p 640x360', '720p 1280x720']],
    ['360p has no 720p rung', video(640, 360), ['360p 640x360']],
    ['just under 720p', video(1278, 718), ['360p 640x360']],
    ['4:3 keeps its shape', video(640, 480), ['360p 480x360']],
    [
      'a portrait video is measured by its short side',
      video(1080, 1920),
      ['360p 360x640', '720p 720x1280', '1080p 1080x1920'],
    ],
    [
      'wide pixels are squared',
      video(1440, 1080, { sampleAspectRatio: 4 / 3 }),
      ['360p 640x360', '720p 1280x720', '1080p 1920x1080'],
    ],
    ['odd sizes round down to even', video(853, 480), ['360p 638x360']],
    [
      'a rotated video is laid out as displayed',
      video(1280, 720, { rotation: -90 }),
      ['360p 360x640', '720p 720x1280'],
    ],
    [
      'a video turned upside down keeps its layout',
      video(1280, 720, { rotation: 180 }),
      ['360p 640x360', '720p 1280x720'],
    ],
  ])('%s', (_, source, expected) => {
    expect(sizes(selectLadder(source))).toEqual(expected);
  });

  it('gives a small source one rendition at its own size, with a bitrate for its area', () => {
    expect(selectLadder(video(320, 180))).toEqual([
      { name: '180p', width: 320, height: 180, videoBitrate: 200_000 },
    ]);
  });

  it('raises the bitrate with the rung', () => {
    const bitrates = selectLadder(video(1920, 1080)).map((rendition) => rendition.videoBitrate);
    expect(bitrates).toEqual([...bitrates].sort((a, b) => a - b));
    expect(new Set(bitrates).size).toBe(3);
  });
});

describe('transcodePlan', () => {
  it('remuxes and copies a browser-ready file', () => {
    expect(transcodePlan(facts(video(1280, 720), aac))).toEqual({
      firstPlayable: 'remux',
      ladder: selectLadder(video(1280, 720)),
      mp4: 'copy',
      thumbnail: true,
    });
  });

  it.each<[string, MediaFacts]>([
    ['HEVC', facts(video(1280, 720, { codec: 'hevc' }), aac)],
    ['10-bit H.264', facts(video(1280, 720, { pixelFormat: 'yuv420p10le' }), aac)],
    ['MP3 audio', facts(video(1280, 720), { ...aac, codec: 'mp3' })],
    ['a rotated video', facts(video(1280, 720, { rotation: 90 }), aac)],
  ])('encodes a low rendition first for %s', (_, given) => {
    expect(transcodePlan(given)).toMatchObject({
      firstPlayable: 'low-rendition',
      mp4: 'encode',
      thumbnail: true,
    });
  });

  it('has nothing to play for an audio file, but still makes its mp4', () => {
    expect(transcodePlan(facts({ ...aac, index: 0 }))).toEqual({
      firstPlayable: null,
      ladder: [],
      mp4: 'copy',
      thumbnail: false,
    });
  });

  it('never plays cover art: the picture of an audio file is not a video', () => {
    const cover = video(600, 600, { codec: 'mjpeg', attachedPicture: true, index: 1 });
    expect(transcodePlan(facts({ ...aac, index: 0 }, cover)).firstPlayable).toBeNull();
  });
});

describe('isBrowserReady', () => {
  it.each<[string, MediaFacts, boolean]>([
    ['H.264 + AAC', facts(video(640, 360), aac), true],
    ['H.264 alone', facts(video(640, 360)), true],
    ['full-range H.264', facts(video(640, 360, { pixelFormat: 'yuvj420p' }), aac), true],
    ['H.264 4:2:2', facts(video(640, 360, { pixelFormat: 'yuv422p' }), aac), false],
    ['AC3 audio', facts(video(640, 360), { ...aac, codec: 'ac3' }), false],
    ['no streams', facts(), false],
  ])('%s → %s', (_, given, expected) => {
    expect(isBrowserReady(given)).toBe(expected);
  });
});
