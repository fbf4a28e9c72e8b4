import { resolve } from 'node:path';
import { PROTOCOL_WHITELIST } from '../probe.ts';
import { scaleFilter, x264Args } from './encoding.ts';

/** A live channel's filler: one segment's worth of a still picture with silence (issue 19, no dead air). */
export const FILLER_CLIP_SECONDS = 2;
const FILLER_CLIP_SIZE = { width: 1280, height: 720 } as const;
const FILLER_BACKGROUND = '0x111827';

/**
 * The clip a channel repeats while no encoder sends: the image (the filler slide, or a frame of the
 * buffer video) — else a slate, the line in `slateTextFile` centred on it (read from a file: no
 * escaping of the words in the filter) — as H.264 with silent AAC in MPEG-TS, like the live segments
 * around it, so players cross the discontinuity without changing tracks.
 */
export function fillerClipArgs(
  imagePath: string | null,
  outputPath: string,
  slateTextFile?: string,
): string[] {
  const caption =
    !imagePath && slateTextFile
      ? `,drawtext=textfile='${resolve(slateTextFile)}':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=(h-text_h)/2`
      : '';
  const picture = imagePath
    ? [
        '-f',
        'image2',
        '-pattern_type',
        'none',
        '-loop',
        '1',
        '-framerate',
        '25',
        '-i',
        `file:${resolve(imagePath)}`,
      ]
    : [
        '-f',
        'lavfi',
        '-i',
        `color=c=${FILLER_BACKGROUND}:s=${FILLER_CLIP_SIZE.width}x${FILLER_CLIP_SIZE.height}:r=25`,
      ];
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', PROTOCOL_WHITELIST],
    ...picture,
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'],
    ...['-t', String(FILLER_CLIP_SECONDS), '-map', '0:v:0', '-map', '1:a:0'],
    ...['-vf', `${scaleFilter(FILLER_CLIP_SIZE)}${caption},format=yuv420p`],
    ...x264Args('veryfast'),
    ...['-tune', 'stillimage', '-c:a', 'aac', '-b:a', '64k', '-f', 'mpegts', outputPath],
  ];
}
