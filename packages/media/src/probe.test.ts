import type { TranscoderCode } from '@studio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectMedia } from './inspect.ts';
import { parseProbeOutput, probeMedia, withoutContainerDuration } from './probe.ts';
import { runMediaTool } from './runner.ts';
import { useCraftedPlaylists } from './testing/crafted-playlists.ts';
import { fixture, removeFixtures, type FixtureName } from './testing/fixtures.ts';
import { transcoderCodesFor } from './warnings.ts';

// Made in parallel up front, within the shared process slots.
beforeAll(() => Promise.all(inspected.map(([name]) => fixture(name))));
afterAll(removeFixtures);

const inspected: [FixtureName, TranscoderCode[]][] = [
  ['hd.mp4', []],
  ['h264-aac.mp4', ['LOW_RESOLUTION']],
  ['no-audio.mp4', ['LOW_RESOLUTION', 'NO_AUDIO_STREAM']],
  ['two-audio.mp4', ['MULTIPLE_AUDIO_STREAMS', 'LOW_RESOLUTION']],
  ['two-video.mp4', ['MULTIPLE_VIDEO_STREAMS', 'LOW_RESOLUTION']],
  ['audio.m4a', ['AUDIO_FILE_UPLOADED']],
  ['four-three.mp4', ['NON_STANDARD_ASPECT_RATIO', 'LOW_RESOLUTION']],
  ['anamorphic.mp4', ['ASPECT_RATIO_MISMATCH', 'NON_STANDARD_ASPECT_RATIO', 'LOW_RESOLUTION']],
  ['mpeg4-mp3.mkv', ['LOW_RESOLUTION', 'NOT_MP4', 'UNSUPPORTED_VIDEO_CODEC', 'UNSUPPORTED_AUDIO_CODEC']],
  ['h264-aac.ts', ['LOW_RESOLUTION', 'NON_ZERO_START_TIME', 'NOT_MP4']],
  ['rotated.mp4', ['NON_STANDARD_ASPECT_RATIO', 'LOW_RESOLUTION']],
  ['truncated.mp4', ['POSSIBLE_CORRUPTION']],
  ['truncated-index-last.mp4', ['UNDECODABLE']],
  ['zero-timescale.mp4', ['POSSIBLE_CORRUPTION']],
  ['garbage.bin', ['UNDECODABLE']],
  ['text.txt', ['UNDECODABLE']],
];

describe('probeMedia', () => {
  it('turns ffprobe output into plain facts', async () => {
    const facts = await probeMedia(await fixture('h264-aac.mp4'));
    expect(facts).toMatchObject({
      formatNames: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
      brand: 'isom',
      durationSeconds: 3,
      problems: [],
    });
    expect(facts.streams).toEqual([
      expect.objectContaining({
        index: 0,
        kind: 'video',
        codec: 'h264',
        attachedPicture: false,
        width: 640,
        height: 360,
        sampleAspectRatio: 1,
        displayAspectRatio: 16 / 9,
        frameRate: 30,
        pixelFormat: 'yuv420p',
        startSeconds: 0,
        declaredFrames: 90,
        readPackets: 90,
      }),
      expect.objectContaining({
        index: 1,
        kind: 'audio',
        codec: 'aac',
        channels: 1,
        sampleRate: 44100,
        startSeconds: 0,
      }),
    ]);
    expect(facts.streams[0]?.bitrate).toBeGreaterThan(0);
  });

  it('marks cover art as an attached picture', async () => {
    const facts = await probeMedia(await fixture('audio.m4a'));
    expect(facts.brand).toBe('M4A');
    expect(facts.streams.map(({ kind, attachedPicture }) => ({ kind, attachedPicture }))).toEqual([
      { kind: 'audio', attachedPicture: false },
      { kind: 'video', attachedPicture: true },
    ]);
  });

  it('reads the rotation a player applies', async () => {
    const [video] = (await probeMedia(await fixture('rotated.mp4'))).streams;
    expect(video).toMatchObject({ width: 640, height: 360, rotation: 90 });
  });

  it('reports what the demuxer found missing in a truncated file', async () => {
    const facts = await probeMedia(await fixture('truncated.mp4'));
    expect(facts.problems.join('\n')).toMatch(/partial file|Invalid NAL/);
    const [video] = facts.streams;
    expect(video?.readPackets).toBeLessThan(video?.declaredFrames ?? 0);
  });
});

describe('a movie header with a timescale of 0', () => {
  it('leaves the container duration unread: the streams say how long the file plays', async () => {
    const plain = await probeMedia(await fixture('hd.mp4'));
    const facts = await probeMedia(await fixture('zero-timescale.mp4'));
    expect(plain.durationSeconds).toBeCloseTo(2, 1);
    // ffprobe alone answers 1000× that.
    expect(facts.durationSeconds).toBeCloseTo(2, 1);
    expect(facts.problems.at(-1)).toMatch(/timescale of 0/);
  });

  it('leaves no duration when no stream has one either: the video is undecodable', () => {
    const facts = withoutContainerDuration(
      parseProbeOutput(
        JSON.stringify({
          format: { format_name: 'mov,mp4', duration: '2000.0' },
          streams: [{ index: 0, codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 }],
        }),
      ),
      'unreadable',
    );
    expect(facts.durationSeconds).toBeUndefined();
    expect(transcoderCodesFor(facts)).toEqual(['UNDECODABLE']);
  });
});

describe('inspectMedia', () => {
  it.each(inspected)('%s → %j', async (name, codes) => {
    expect((await inspectMedia(await fixture(name))).codes).toEqual(codes);
  });

  it("keeps ffprobe's reason for a file it refuses", async () => {
    const inspection = await inspectMedia(await fixture('garbage.bin'));
    expect(inspection.facts).toBeUndefined();
    expect(inspection.reason).toMatch(/Invalid data found when processing input/);
  });

  it('throws, rather than blame the file, when it is aborted', async () => {
    const path = await fixture('h264-aac.mp4');
    await expect(inspectMedia(path, { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
  });
});

describe('a crafted playlist', () => {
  const crafted = useCraftedPlaylists();

  it('is read by a plain ffprobe, which follows it to another local file', async () => {
    const { stdout } = await runMediaTool('ffprobe', [
      '-v',
      'error',
      '-show_streams',
      '-of',
      'json',
      crafted.paths.localMedia,
    ]);
    expect(stdout).toContain('"codec_name": "h264"');
  });

  it.each(['localFile', 'localMedia', 'network'] as const)(
    '(%s) is refused by the hardened probe',
    async (name) => {
      const inspection = await inspectMedia(crafted.paths[name]);
      expect(inspection).toMatchObject({ codes: ['UNDECODABLE'] });
      expect(inspection.reason).toMatch(/Format not on whitelist/);
      expect(crafted.requests()).toBe(0);
    },
  );
});

describe('parseProbeOutput', () => {
  it('tolerates missing and N/A fields', () => {
    const output = JSON.stringify({
      format: { format_name: 'matroska,webm', duration: 'N/A' },
      streams: [
        {
          index: 0,
          codec_type: 'video',
          sample_aspect_ratio: '0:1',
          avg_frame_rate: '0/0',
          r_frame_rate: '25/1',
        },
        { index: 1, codec_type: 'audio', codec_name: 'opus', start_time: '-0.007000', nb_frames: 'N/A' },
        { index: 2 },
      ],
    });
    expect(parseProbeOutput(output)).toEqual({
      formatNames: ['matroska', 'webm'],
      streams: [
        { index: 0, kind: 'video', attachedPicture: false, frameRate: 25 },
        { index: 1, kind: 'audio', attachedPicture: false, codec: 'opus', startSeconds: -0.007 },
        { index: 2, kind: 'unknown', attachedPicture: false },
      ],
      problems: [],
    });
  });

  it('reads an empty answer as a file without streams', () => {
    expect(parseProbeOutput('{}')).toEqual({ formatNames: [], streams: [], problems: [] });
  });
});
