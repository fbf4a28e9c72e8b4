import { describe, expect, it } from 'vitest';
import { cueTime, parseChapterTime, transcriptToText, updateChaptersRequestSchema } from './transcript.ts';

describe('transcript formats', () => {
  it('writes WebVTT and SRT cue times', () => {
    expect(cueTime(3725.5)).toBe('01:02:05.500');
    expect(cueTime(0.0004, ',')).toBe('00:00:00,000');
  });

  it("answers the spec's fallback for an empty transcript", () => {
    expect(transcriptToText([])).toBe('Transcript not available for this video.\n');
  });
});

describe('chapters', () => {
  it('reads start times as typed', () => {
    expect([parseChapterTime('1:02:05'), parseChapterTime('30:00'), parseChapterTime('45.5')]).toEqual([
      3725, 1800, 45.5,
    ]);
    expect([parseChapterTime(''), parseChapterTime('soon'), parseChapterTime('1:2:3:4')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses blank titles and repeated starts', () => {
    expect(updateChaptersRequestSchema.safeParse({ chapters: [{ title: ' ', start_time: 0 }] }).success).toBe(
      false,
    );
    expect(
      updateChaptersRequestSchema.safeParse({
        chapters: [
          { title: 'A', start_time: 5 },
          { title: 'B', start_time: 5 },
        ],
      }).success,
    ).toBe(false);
  });
});
