import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillerClipArgs } from './recipes/filler-clip.ts';
import { runMediaTool } from './runner.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'filler-clip-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** The brightest luma of the clip's first frame (the slate's background is a dark grey). */
async function brightest(clip: string): Promise<number> {
  const frame = join(work, `${clip}.gray`);
  await runMediaTool('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-i', join(work, clip), '-frames:v', '1'],
    ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-y', frame],
  ]);
  return (await readFile(frame)).reduce((max, luma) => Math.max(max, luma), 0);
}

describe('the filler clip without an image (the slate)', () => {
  it('says its line on the slate, so a stage waiting for its stream is never a blank box', async () => {
    const line = join(work, 'line.txt');
    await writeFile(line, "The stream will start shortly. It's 10:00");
    await runMediaTool('ffmpeg', fillerClipArgs(null, join(work, 'slate.ts'), line));
    expect(await brightest('slate.ts')).toBeGreaterThan(200);
  });

  it('is the plain slate without a line', async () => {
    await runMediaTool('ffmpeg', fillerClipArgs(null, join(work, 'plain.ts')));
    expect(await brightest('plain.ts')).toBeLessThan(60);
  });
});
