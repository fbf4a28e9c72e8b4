import { displaySize, type StreamFacts } from './facts.ts';

/** One encoded size of a video, named by its short side ('360p'). */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Target video bitrate, bits per second. */
  videoBitrate: number;
}

/** The adaptive ladder's rungs: lines on the short side and target video bitrate. */
export const LADDER_RUNGS = [
  { lines: 360, videoBitrate: 800_000 },
  { lines: 720, videoBitrate: 2_800_000 },
  { lines: 1080, videoBitrate: 5_000_000 },
] as const;

const [LOWEST_RUNG] = LADDER_RUNGS;

/**
 * The renditions to encode for a video: every rung the source can fill, never an upscale. A source
 * smaller than the lowest rung gets one rendition at its own size.
 */
export function selectLadder(video: StreamFacts): Rendition[] {
  const sourceLines = shortSide(video);
  const rungs = LADDER_RUNGS.filter((rung) => rung.lines <= sourceLines);
  if (rungs.length > 0) return rungs.map((rung) => rendition(video, rung.lines, rung.videoBitrate));
  // Bitrate scales with the picture's area.
  const bitrate =
    Math.round((LOWEST_RUNG.videoBitrate * (sourceLines / LOWEST_RUNG.lines) ** 2) / 1000) * 1000;
  return [rendition(video, sourceLines, bitrate)];
}

function rendition(video: StreamFacts, lines: number, videoBitrate: number): Rendition {
  const size = frameSize(video, lines);
  return { name: `${Math.min(size.width, size.height)}p`, ...size, videoBitrate };
}

/** The video's display shape at `lines` on its short side: square pixels, even sides rounded down (x264 needs even). */
export function frameSize(video: StreamFacts, lines: number): { width: number; height: number } {
  const { width, height } = displaySize(video);
  const shortLines = even(lines);
  const longLines = even((lines * Math.max(width, height)) / Math.min(width, height));
  return width >= height
    ? { width: longLines, height: shortLines }
    : { width: shortLines, height: longLines };
}

/** Lines on the short side of the picture as displayed (a portrait 1080×1920 video is 1080p). */
export function shortSide(video: StreamFacts): number {
  const { width, height } = displaySize(video);
  return Math.min(width, height);
}

function even(value: number): number {
  return Math.max(2, 2 * Math.floor(value / 2));
}
