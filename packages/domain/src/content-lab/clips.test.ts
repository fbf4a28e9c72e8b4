import { describe, expect, it } from 'vitest';
import { clipRangeIssues, createClipRequestSchema } from './clips.ts';

describe("a clip's range (the form's and the server's one rule)", () => {
  it('refuses a start below 0 and an end past the video, naming its length, instead of clamping', () => {
    expect(clipRangeIssues({ start_time: -5, end_time: 99 }, 12)).toEqual([
      { path: 'start_time', message: 'The start must be 0 or more.' },
      { path: 'end_time', message: 'The end must be within the video (0:12).' },
    ]);
    expect(clipRangeIssues({ start_time: 12, end_time: 12 }, 12)).toEqual([
      { path: 'start_time', message: 'The start must be within the video (0:12).' },
      { path: 'end_time', message: 'The clip must end after it starts.' },
    ]);
  });

  it('takes a range within the video, and an end past it by rounding only', () => {
    expect(clipRangeIssues({ start_time: 0, end_time: 12 }, 12)).toEqual([]);
    expect(clipRangeIssues({ start_time: 2, end_time: 12.04 }, 12)).toEqual([]);
    expect(clipRangeIssues({ start_time: 2, end_time: 2.5 }, 12)).toEqual([
      { path: 'end_time', message: 'A clip must be at least 1 second long.' },
    ]);
  });

  it('is the create call’s rule too (the video’s length is the server’s to add)', () => {
    const parsed = createClipRequestSchema.safeParse({ video_asset: 'v', start_time: -5, end_time: 4 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['start_time'], 'The start must be 0 or more.'],
    ]);
  });
});
