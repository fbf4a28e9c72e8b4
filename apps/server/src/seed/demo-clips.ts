import path from 'node:path';
import { runMediaTool } from '@studio/media';

/** 720p test pictures with a tone, in the three shapes the pipeline treats differently. */
export type ClipKind = 'h264-aac' | 'mpeg4-aac' | 'h264-silent';

const picture = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=1280x720:rate=25:duration=${seconds}`,
];
const tone = (seconds: number, hertz: number) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${hertz}:sample_rate=48000:duration=${seconds}`,
];
const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '50'];
const aac = ['-c:a', 'aac', '-b:a', '128k'];

const recipes: Record<ClipKind, (seconds: number) => string[]> = {
  // Browser-ready: the pipeline's first playable is a stream copy.
  'h264-aac': (seconds) => [
    ...picture(seconds),
    ...tone(seconds, 440),
    ...h264,
    ...aac,
    '-movflags',
    '+faststart',
  ],
  // MPEG-4 Part 2: every rendition is encoded.
  'mpeg4-aac': (seconds) => [
    ...picture(seconds),
    ...tone(seconds, 660),
    '-c:v',
    'mpeg4',
    '-q:v',
    '4',
    ...aac,
  ],
  // No audio track: processed, with the transcoder's warning.
  'h264-silent': (seconds) => [...picture(seconds), ...h264, '-an'],
};

/** Writes a clip of the kind into `dir`; answers its path. */
export async function makeClip(kind: ClipKind, seconds: number, dir: string): Promise<string> {
  const file = path.join(dir, `${kind}.mp4`);
  await runMediaTool('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...recipes[kind](seconds), file]);
  return file;
}
