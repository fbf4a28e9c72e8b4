import type { TranscoderCode } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import type { MediaFacts, StreamFacts } from './facts.ts';
import { transcoderCodesFor } from './warnings.ts';

const hdVideo: StreamFacts = {
  index: 0,
  kind: 'video',
  codec: 'h264',
  attachedPicture: false,
  width: 1920,
  height: 1080,
  sampleAspectRatio: 1,
  pixelFormat: 'yuv420p',
  startSeconds: 0,
  declaredFrames: 900,
  readPackets: 900,
};
const aacAudio: StreamFacts = {
  index: 1,
  kind: 'audio',
  codec: 'aac',
  attachedPicture: false,
  startSeconds: 0,
};

/** A 1080p H.264/AAC mp4 with nothing wrong, changed by `change`. */
function facts(change: (facts: MediaFacts) => void = () => {}): MediaFacts {
  const base: MediaFacts = {
    formatNames: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
    brand: 'isom',
    durationSeconds: 30,
    streams: [{ ...hdVideo }, { ...aacAudio }],
    problems: [],
  };
  change(base);
  return base;
}
function video(facts: MediaFacts): StreamFacts {
  return facts.streams[0] as StreamFacts;
}
function audio(facts: MediaFacts): StreamFacts {
  return facts.streams[1] as StreamFacts;
}

describe('transcoderCodesFor', () => {
  it.each<[string, MediaFacts, TranscoderCode[]]>([
    ['a 1080p H.264/AAC mp4', facts(), []],
    ['a 1280×720 video', facts((f) => Object.assign(video(f), { width: 1280, height: 720 })), []],
    ['a 16:10 video', facts((f) => Object.assign(video(f), { width: 1920, height: 1200 })), []],
    [
      'an 854×480 video (16:9 to within 1%)',
      facts((f) => Object.assign(video(f), { width: 854, height: 480 })),
      ['LOW_RESOLUTION'],
    ],
    ['H.265 and AC3', facts((f) => ((video(f).codec = 'hevc'), (audio(f).codec = 'ac3'))), []],
    ['mp42 brand', facts((f) => (f.brand = 'mp42')), []],
    ['two video streams', facts((f) => f.streams.push({ ...hdVideo, index: 2 })), ['MULTIPLE_VIDEO_STREAMS']],
    [
      'two audio streams',
      facts((f) => f.streams.push({ ...aacAudio, index: 2 })),
      ['MULTIPLE_AUDIO_STREAMS'],
    ],
    [
      'cover art beside the video',
      facts((f) => f.streams.push({ ...hdVideo, index: 2, codec: 'png', attachedPicture: true })),
      [],
    ],
    ['no audio stream', facts((f) => f.streams.pop()), ['NO_AUDIO_STREAM']],
    ['a video without a readable duration', facts((f) => delete f.durationSeconds), ['UNDECODABLE']],
    [
      'non-square pixels',
      facts((f) => Object.assign(video(f), { width: 1440, sampleAspectRatio: 4 / 3 })),
      ['ASPECT_RATIO_MISMATCH'],
    ],
    ['a 4:3 picture', facts((f) => Object.assign(video(f), { width: 1440 })), ['NON_STANDARD_ASPECT_RATIO']],
    [
      'a portrait picture',
      facts((f) => Object.assign(video(f), { width: 1080, height: 1920 })),
      ['NON_STANDARD_ASPECT_RATIO'],
    ],
    ['a sideways phone video', facts((f) => (video(f).rotation = -90)), ['NON_STANDARD_ASPECT_RATIO']],
    ['640×360', facts((f) => Object.assign(video(f), { width: 640, height: 360 })), ['LOW_RESOLUTION']],
    [
      'demuxer errors',
      facts((f) => f.problems.push('stream 1, offset 0xeb0b: partial file')),
      ['POSSIBLE_CORRUPTION'],
    ],
    [
      'fewer packets than declared frames',
      facts((f) => (video(f).readPackets = 512)),
      ['POSSIBLE_CORRUPTION'],
    ],
    ['video starting at 1.4 s', facts((f) => (video(f).startSeconds = 1.4)), ['NON_ZERO_START_TIME']],
    ['audio starting at -0.5 s', facts((f) => (audio(f).startSeconds = -0.5)), ['NON_ZERO_START_TIME']],
    ['a 7 ms encoder delay', facts((f) => (video(f).startSeconds = 0.007)), []],
    ['Matroska', facts((f) => ((f.formatNames = ['matroska', 'webm']), delete f.brand)), ['NOT_MP4']],
    ['QuickTime', facts((f) => (f.brand = 'qt')), ['NOT_MP4']],
    ['VP9 video', facts((f) => (video(f).codec = 'vp9')), ['UNSUPPORTED_VIDEO_CODEC']],
    ['Opus audio', facts((f) => (audio(f).codec = 'opus')), ['UNSUPPORTED_AUDIO_CODEC']],
    [
      'a low 4:3 VP9/Vorbis webm from 2 s',
      facts((f) => {
        f.formatNames = ['matroska', 'webm'];
        Object.assign(video(f), { codec: 'vp9', width: 480, height: 360, startSeconds: 2 });
        audio(f).codec = 'vorbis';
      }),
      [
        'NON_STANDARD_ASPECT_RATIO',
        'LOW_RESOLUTION',
        'NON_ZERO_START_TIME',
        'NOT_MP4',
        'UNSUPPORTED_VIDEO_CODEC',
        'UNSUPPORTED_AUDIO_CODEC',
      ],
    ],
  ])('%s', (_, given, expected) => {
    expect(transcoderCodesFor(given)).toEqual(expected);
  });

  it('calls an audio file an audio file, not a video without picture', () => {
    const audioFile = facts(
      (f) =>
        (f.streams = [
          { ...aacAudio, index: 0 },
          { ...hdVideo, index: 1, codec: 'mjpeg', attachedPicture: true },
        ]),
    );
    expect(transcoderCodesFor(audioFile)).toEqual(['AUDIO_FILE_UPLOADED']);
  });

  it('blocks a file with neither video nor audio', () => {
    expect(
      transcoderCodesFor(
        facts(
          (f) => (f.streams = [{ index: 0, kind: 'subtitle', codec: 'mov_text', attachedPicture: false }]),
        ),
      ),
    ).toEqual(['NO_VIDEO_STREAM']);
  });

  it.each<[string, Partial<StreamFacts>]>([
    ['an unidentified codec', { codec: undefined }],
    ['no frame size', { width: 0, height: 0 }],
  ])('cannot process a video stream with %s', (_, change) => {
    expect(transcoderCodesFor(facts((f) => Object.assign(video(f), change)))).toEqual(['UNDECODABLE']);
  });
});
