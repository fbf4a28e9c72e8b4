import { writeAtomically } from './atomic-output.ts';
import type { MediaSource } from './facts.ts';
import type { Rendition } from './ladder.ts';
import type { X264Preset } from './recipes/encoding.ts';
import { hlsLadderArgs, hlsRemuxArgs, lowRenditionArgs } from './recipes/hls.ts';
import { mp4FaststartArgs } from './recipes/mp4-faststart.ts';
import { thumbnailArgs } from './recipes/thumbnail.ts';
import { mp4ToHlsArgs, STILL_VIDEO_SECONDS, stillImageMp4Args } from './recipes/still-image.ts';
import { runMediaTool, type RunOptions } from './runner.ts';

/** Options of a pipeline step; progress is a fraction of the source's duration. */
export type StepOptions = Omit<RunOptions, 'durationSeconds'>;

/*
 * Each step runs one recipe into a hidden sibling of its output and renames it into place, so a
 * crashed or aborted step leaves nothing that looks finished. Outputs: HLS directories entered
 * through HLS_MASTER_PLAYLIST, an mp4 file, a JPEG file.
 */

export function remuxToHls(source: MediaSource, outputDir: string, options: StepOptions = {}): Promise<void> {
  return runInto(
    { source, target: outputDir, directory: true, recipe: (work) => hlsRemuxArgs(source, work) },
    options,
  );
}

export function encodeLowRendition(
  source: MediaSource,
  outputDir: string,
  ladder: readonly Rendition[],
  options: StepOptions = {},
): Promise<void> {
  return runInto(
    { source, target: outputDir, directory: true, recipe: (work) => lowRenditionArgs(source, work, ladder) },
    options,
  );
}

/** The ladder in one run; `presets` as hlsLadderArgs takes them (default veryfast for all). */
export function encodeHlsLadder(
  source: MediaSource,
  outputDir: string,
  ladder: readonly Rendition[],
  options: StepOptions = {},
  presets: X264Preset | readonly X264Preset[] = 'veryfast',
): Promise<void> {
  return runInto(
    {
      source,
      target: outputDir,
      directory: true,
      recipe: (work) => hlsLadderArgs(source, work, ladder, presets),
    },
    options,
  );
}

export function writeMp4(
  source: MediaSource,
  outputPath: string,
  mode: 'copy' | 'encode',
  options: StepOptions = {},
): Promise<void> {
  return runInto(
    { source, target: outputPath, directory: false, recipe: (work) => mp4FaststartArgs(source, work, mode) },
    options,
  );
}

export function captureThumbnail(
  source: MediaSource,
  outputPath: string,
  options: StepOptions = {},
): Promise<void> {
  return runInto(
    { source, target: outputPath, directory: false, recipe: (work) => thumbnailArgs(source, work) },
    options,
  );
}

interface StepRun {
  source: MediaSource;
  target: string;
  directory: boolean;
  recipe: (workPath: string) => string[];
}

async function runInto({ source, target, directory, recipe }: StepRun, options: StepOptions): Promise<void> {
  const durationSeconds = source.facts.durationSeconds;
  await writeAtomically(
    target,
    async (workPath) => {
      await runMediaTool('ffmpeg', recipe(workPath), {
        ...options,
        ...(durationSeconds ? { durationSeconds } : {}),
      });
    },
    { directory },
  );
}

/** A still image as a looping-length H.264 mp4 (spec 002 §2.2, filler slides). */
export function encodeStillImage(
  imagePath: string,
  outputPath: string,
  options: StepOptions & { seconds?: number } = {},
): Promise<void> {
  const { seconds = STILL_VIDEO_SECONDS, ...run } = options;
  return writeAtomically(outputPath, async (work) => {
    await runMediaTool('ffmpeg', stillImageMp4Args(imagePath, work, seconds), {
      ...run,
      durationSeconds: seconds,
    });
  });
}

/** An mp4 made by encodeStillImage as HLS, entered through HLS_MASTER_PLAYLIST, without re-encoding. */
export function mp4ToHls(mp4Path: string, outputDir: string, options: StepOptions = {}): Promise<void> {
  return writeAtomically(
    outputDir,
    async (work) => {
      await runMediaTool('ffmpeg', mp4ToHlsArgs(mp4Path, work), options);
    },
    { directory: true },
  );
}
