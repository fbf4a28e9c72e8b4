import { videoStreams, type MediaSource } from '../facts.ts';
import { frameSize, shortSide } from '../ladder.ts';
import { scaleFilter } from './encoding.ts';
import { inputArgs } from './input.ts';

/** Spec 000 §9: the thumbnail is captured at 1 s. */
export const THUMBNAIL_AT_SECONDS = 1;
/** mjpeg quality scale (2 best … 31 worst); 4 is close to the browser's JPEG quality 0.75. */
const JPEG_QUALITY = 4;
const THUMBNAIL_MAX_LINES = 720;

/** One JPEG frame at 1 s (at half the duration for a shorter file), at most 720 lines. */
export function thumbnailArgs(source: MediaSource, outputPath: string): string[] {
  const [video] = videoStreams(source.facts);
  if (!video) throw new Error('A thumbnail needs a video stream.');
  const size = frameSize(video, Math.min(THUMBNAIL_MAX_LINES, shortSide(video)));
  const duration = source.facts.durationSeconds ?? THUMBNAIL_AT_SECONDS * 2;
  const at = Math.min(THUMBNAIL_AT_SECONDS, duration / 2);
  return [
    ...inputArgs(source, ['-ss', at.toFixed(3)]),
    ...['-map', `0:${video.index}`, '-frames:v', '1', '-vf', scaleFilter(size)],
    ...['-c:v', 'mjpeg', '-q:v', String(JPEG_QUALITY), '-f', 'mjpeg', outputPath],
  ];
}
