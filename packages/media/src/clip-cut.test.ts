import { afterAll, describe, expect, it } from 'vitest';
import { clipCutArgs, clipCutMode, verticalCropFilter } from './clip-cut.ts';
import { fixture, removeFixtures } from './testing/fixtures.ts';

afterAll(removeFixtures);

describe('clip cut recipe', () => {
  it('copies the streams from the start, or encodes H.264/AAC with the vertical crop', () => {
    const copy = clipCutArgs('/in.mp4', '/out.mp4', { start: 4, end: 34 }, 'copy');
    expect(copy.slice(copy.indexOf('-ss'), copy.indexOf('-ss') + 2)).toEqual(['-ss', '4.000']);
    expect(copy).toEqual(expect.arrayContaining(['-t', '30.000', '-c', 'copy', '-movflags', '+faststart']));
    expect(copy.at(-1)).toBe('/out.mp4');

    const vertical = clipCutArgs(
      '/in.mp4',
      '/out.mp4',
      { start: 1.5, end: 4, vertical: { x: 0.25 } },
      'encode',
    );
    expect(vertical).toEqual(
      expect.arrayContaining(['-vf', verticalCropFilter(0.25), '-c:v', 'libx264', '-c:a', 'aac']),
    );
    expect(vertical).not.toContain('copy');
    expect(verticalCropFilter(2)).toContain("x='(iw-ow)*1'");
  });

  it('copies only a cut that starts on a keyframe and has no crop', async () => {
    // 30 fps, a keyframe every 30 frames: keyframes at 0 s and 1 s.
    const input = await fixture('h264-aac.mp4');
    expect(await clipCutMode(input, { start: 1, end: 2 })).toBe('copy');
    expect(await clipCutMode(input, { start: 0.5, end: 2 })).toBe('encode');
    expect(await clipCutMode(input, { start: 1, end: 2, vertical: { x: 0.5 } })).toBe('encode');
  });
});
