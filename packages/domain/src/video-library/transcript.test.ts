import { describe, expect, it } from 'vitest';
import {
  cueTime,
  parseChapterTime,
  speakerLabelName,
  transcriptSpeaker,
  transcriptToText,
  updateChaptersRequestSchema,
} from './transcript.ts';

describe('transcript formats', () => {
  it('writes WebVTT and SRT cue times', () => {
    expect(cueTime(3725.5)).toBe('01:02:05.500');
    expect(cueTime(0.0004, ',')).toBe('00:00:00,000');
  });

  it("answers the spec's fallback for an empty transcript", () => {
    expect(transcriptToText([])).toBe('Transcript not available for this video.\n');
  });

  it("reads the transcriber's speaker labels as 'Speaker 1', 'Speaker 2' … when no name is given", () => {
    expect(speakerLabelName('spk_0')).toBe('Speaker 1');
    expect(speakerLabelName('spk_1')).toBe('Speaker 2');
    expect(speakerLabelName('Host')).toBe('Host');
    const item = {
      start_time: 0,
      end_time: 1,
      type: 'pronunciation' as const,
      alternatives: [{ content: 'ah' }],
    };
    expect(transcriptSpeaker({ ...item, speaker_label: 'spk_0' })).toBe('Speaker 1');
    expect(transcriptSpeaker({ ...item, speaker_label: 'spk_0', speaker_name: 'Ada' })).toBe('Ada');
    expect(transcriptSpeaker(item)).toBe('');
    expect(transcriptToText([{ ...item, speaker_label: 'spk_1' }])).toBe('Speaker 2: ah\n');
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
