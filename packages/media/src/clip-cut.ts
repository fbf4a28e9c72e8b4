import { resolve } from 'node:path';
import { writeAtomically } from './atomic-output.ts';
import { openFileSource } from './mp4/boxes.ts';
import { readMp4Index, type Mp4Track } from './mp4/mp4-index.ts';
import { PROTOCOL_WHITELIST } from './probe.ts';
import { aacArgs, x264Args } from './recipes/encoding.ts';
import { runMediaTool, type RunOptions } from './runner.ts';

/** A clip's range in seconds of its video, and its optional vertical (9:16) crop. */
export interface ClipCut {
  start: number;
  end: number;
  /** 9:16 crop; `x` places it across the picture, 0 (left) … 1 (right). */
  vertical?: { x: number } | undefined;
}

/** copy: the streams as they are (the cut starts on a keyframe, no crop); encode: frame-accurate H.264/AAC. */
export type ClipCutMode = 'copy' | 'encode';

/** The presentation times (seconds) of a track's keyframes, counted from its first sample. */
function keyframeSeconds({ samples, timescale }: Mp4Track): number[] {
  const first = samples.dts[0]! + samples.compositionOffsets[0]!;
  const times: number[] = [];
  for (let i = 0; i < samples.count; i++)
    if (samples.sync[i]) times.push((samples.dts[i]! + samples.compositionOffsets[i]! - first) / timescale);
  return times;
}

/**
 * Whether the cut may copy the streams: no crop, a browser-ready mp4 (our pipeline's), and a start
 * within half a frame of a keyframe (a copy starts on the keyframe at or before the asked start).
 */
export async function clipCutMode(inputPath: string, cut: ClipCut): Promise<ClipCutMode> {
  if (cut.vertical) return 'encode';
  const file = await openFileSource(inputPath);
  try {
    const { video } = await readMp4Index(file);
    const halfFrame = video.samples.durations[0]! / video.timescale / 2;
    return keyframeSeconds(video).some((time) => Math.abs(time - cut.start) <= halfFrame) ? 'copy' : 'encode';
  } catch {
    return 'encode';
  } finally {
    await file.close();
  }
}

/** The 9:16 window of the full height (or the full width of a picture already narrower), placed at `x`. */
export function verticalCropFilter(x: number): string {
  const placed = Math.min(1, Math.max(0, x));
  return `crop=w='min(iw,trunc(ih*9/32)*2)':h=ih:x='(iw-ow)*${placed}':y=0,setsar=1`;
}

/** ffmpeg's arguments for a clip of an mp4 into a faststart mp4. */
export function clipCutArgs(
  inputPath: string,
  outputPath: string,
  cut: ClipCut,
  mode: ClipCutMode,
): string[] {
  const seconds = (value: number) => value.toFixed(3);
  const codecs =
    mode === 'copy'
      ? ['-c', 'copy', '-avoid_negative_ts', 'make_zero']
      : [
          ...(cut.vertical ? ['-vf', verticalCropFilter(cut.vertical.x)] : []),
          ...x264Args('veryfast'),
          ...aacArgs(),
        ];
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', PROTOCOL_WHITELIST],
    ...['-ss', seconds(cut.start), '-f', 'mov', '-i', `file:${resolve(inputPath)}`],
    ...['-t', seconds(cut.end - cut.start), '-map', '0:v:0', '-map', '0:a:0?'],
    ...codecs,
    ...['-movflags', '+faststart', '-f', 'mp4', outputPath],
  ];
}

/** Cuts the clip into `outputPath` (written atomically) and answers how. */
export async function cutClip(
  inputPath: string,
  outputPath: string,
  cut: ClipCut,
  options: Omit<RunOptions, 'durationSeconds'> = {},
): Promise<ClipCutMode> {
  const mode = await clipCutMode(inputPath, cut);
  await writeAtomically(outputPath, async (work) => {
    await runMediaTool('ffmpeg', clipCutArgs(inputPath, work, cut, mode), {
      ...options,
      durationSeconds: cut.end - cut.start,
    });
  });
  return mode;
}
