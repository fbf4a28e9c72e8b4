import { resolve } from 'node:path';
import { PROTOCOL_WHITELIST } from '../probe.ts';
import { scaleFilter, x264Args } from './encoding.ts';
import { hlsOutputArgs } from './hls.ts';

/** A filler slide (spec 002 §2.2) is shown at 1920×1080 and looped by the stage: a short video suffices. */
export const STILL_VIDEO_SIZE = { width: 1920, height: 1080 } as const;
export const STILL_VIDEO_SECONDS = 8;
const STILL_VIDEO_FPS = 25;

const quietInput = ['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', PROTOCOL_WHITELIST];

/**
 * A still image (JPEG, PNG or WebP, checked before) as a silent H.264 mp4 of `seconds`: the image
 * demuxer is pinned and takes the name literally (no `%d` sequence), x264 tuned for a still picture,
 * keyframes on the HLS segment boundaries so the mp4 can be cut into HLS without re-encoding.
 */
export function stillImageMp4Args(
  imagePath: string,
  outputPath: string,
  seconds = STILL_VIDEO_SECONDS,
): string[] {
  return [
    ...quietInput,
    ...['-f', 'image2', '-pattern_type', 'none', '-loop', '1', '-framerate', String(STILL_VIDEO_FPS)],
    ...['-i', `file:${resolve(imagePath)}`],
    ...['-t', String(seconds), '-an', '-vf', scaleFilter(STILL_VIDEO_SIZE)],
    ...x264Args('veryfast'),
    ...['-tune', 'stillimage', '-movflags', '+faststart', '-f', 'mp4', outputPath],
  ];
}

/** The mp4 above as a single-variant HLS set, by stream copy. */
export function mp4ToHlsArgs(mp4Path: string, outputDir: string): string[] {
  return [
    ...quietInput,
    ...['-f', 'mp4', '-i', `file:${resolve(mp4Path)}`],
    ...['-map', '0:v:0', '-c', 'copy'],
    ...hlsOutputArgs(outputDir, ['v:0,name:source']),
  ];
}
