import { describe, expect, it } from 'vitest';
import {
  TRANSCODER_CODES,
  TRANSCODE_STATUSES,
  splitTranscoderCodes,
  transcodeStatusSchema,
  transcoderCodeSchema,
  transcoderMessage,
  type TranscoderCode,
} from './transcoder.ts';

describe('transcode status', () => {
  it('is the spec set, in order', () => {
    expect(TRANSCODE_STATUSES).toEqual([
      'SUBMITTED',
      'PROGRESSING',
      'PROCESSING_HD',
      'COMPLETE',
      'ERROR',
      'READY_TO_PUBLISH',
    ]);
  });

  it('refuses values outside the set', () => {
    expect(transcodeStatusSchema.safeParse('COMPLETE').success).toBe(true);
    expect(transcodeStatusSchema.safeParse('DONE').success).toBe(false);
  });
});

describe('transcoder catalogue', () => {
  it('has one code per spec item', () => {
    expect(TRANSCODER_CODES).toEqual([
      'MULTIPLE_VIDEO_STREAMS',
      'MULTIPLE_AUDIO_STREAMS',
      'NO_VIDEO_STREAM',
      'UNDECODABLE',
      'ASPECT_RATIO_MISMATCH',
      'NON_STANDARD_ASPECT_RATIO',
      'LOW_RESOLUTION',
      'NO_AUDIO_STREAM',
      'POSSIBLE_CORRUPTION',
      'NON_ZERO_START_TIME',
      'NOT_MP4',
      'UNSUPPORTED_VIDEO_CODEC',
      'UNSUPPORTED_AUDIO_CODEC',
      'AUDIO_FILE_UPLOADED',
      'NON_ENGLISH_TRANSCRIPTION_RESTRICTED',
    ]);
  });

  it.each<[TranscoderCode, string]>([
    ['NO_VIDEO_STREAM', "This video can't be played. No video stream detected."],
    ['UNDECODABLE', "This video can't be played. We could not process your video."],
    [
      'AUDIO_FILE_UPLOADED',
      'Audio files cannot be played directly in events. You can use .mp4 format for event playback.',
    ],
  ])('quotes the spec verbatim for %s', (code, text) => {
    expect(transcoderMessage(code)).toBe(text);
  });

  it.each<[TranscoderCode, RegExp]>([
    ['MULTIPLE_VIDEO_STREAMS', /^Multiple video streams detected\./],
    ['MULTIPLE_AUDIO_STREAMS', /^Multiple audio streams detected\./],
    ['NON_STANDARD_ASPECT_RATIO', /16:9 or 16:10/],
    ['NOT_MP4', /MP4/],
    ['UNSUPPORTED_VIDEO_CODEC', /H\.264 or H\.265/],
    ['UNSUPPORTED_AUDIO_CODEC', /AAC or AC3/],
  ])('names what the spec names for %s', (code, pattern) => {
    expect(transcoderMessage(code)).toMatch(pattern);
  });

  it('gives every code a distinct sentence', () => {
    const texts = TRANSCODER_CODES.map(transcoderMessage);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text).toMatch(/^[A-Z].*\.$/);
  });

  it('accepts only catalogue codes', () => {
    expect(transcoderCodeSchema.safeParse('LOW_RESOLUTION').success).toBe(true);
    expect(transcoderCodeSchema.safeParse('LOW_RES').success).toBe(false);
  });
});

describe('splitTranscoderCodes', () => {
  it('puts only the playback-blocking items among the errors', () => {
    expect(splitTranscoderCodes(TRANSCODER_CODES).errors).toEqual(['NO_VIDEO_STREAM', 'UNDECODABLE']);
  });

  it('keeps the audio-file item a warning, as the selectable rule reads it', () => {
    expect(splitTranscoderCodes(['AUDIO_FILE_UPLOADED', 'NO_AUDIO_STREAM'])).toEqual({
      errors: [],
      warnings: ['AUDIO_FILE_UPLOADED', 'NO_AUDIO_STREAM'],
    });
  });

  it('keeps the order it was given', () => {
    expect(splitTranscoderCodes(['LOW_RESOLUTION', 'UNDECODABLE', 'NOT_MP4'])).toEqual({
      errors: ['UNDECODABLE'],
      warnings: ['LOW_RESOLUTION', 'NOT_MP4'],
    });
  });
});
