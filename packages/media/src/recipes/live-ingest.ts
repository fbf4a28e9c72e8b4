import { join } from 'node:path';

/** Live segments are cut at the publisher's keyframes close to this length (encoders are told 2 s). */
export const INGEST_SEGMENT_SECONDS = 2;
const INGEST_SEGMENT_PATTERN = 'segment-%05d.ts';

/**
 * One live publish: FLV on standard input, copied (no re-encode) into MPEG-TS segments in
 * `outputDir`. ffmpeg writes one CSV line per segment to standard output once the segment's file
 * is complete (`parseSegmentListLine` reads it).
 */
export function ingestSegmentArgs(outputDir: string, segmentSeconds = INGEST_SEGMENT_SECONDS): string[] {
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', 'pipe'],
    ...['-f', 'flv', '-i', 'pipe:0'],
    ...['-map', '0:v', '-map', '0:a?', '-c', 'copy'],
    ...['-f', 'segment', '-segment_time', String(segmentSeconds), '-segment_format', 'mpegts'],
    ...['-segment_list', 'pipe:1', '-segment_list_type', 'csv'],
    join(outputDir, INGEST_SEGMENT_PATTERN),
  ];
}

export interface SegmentListEntry {
  /** The segment's file name in the output directory. */
  file: string;
  /** Seconds of stream time. */
  startTime: number;
  endTime: number;
}

/** One line of ffmpeg's CSV segment list (`segment-00001.ts,2.023000,4.023000`). */
export function parseSegmentListLine(line: string): SegmentListEntry | undefined {
  const match = /^(.+),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(line.trim());
  if (!match) return undefined;
  // Names with a comma or quote would be quoted; ours never are.
  return { file: match[1]!, startTime: Number(match[2]), endTime: Number(match[3]) };
}
