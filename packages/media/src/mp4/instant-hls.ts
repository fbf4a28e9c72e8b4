import { HLS_SEGMENT_SECONDS } from '../recipes/encoding.ts';
import { HLS_MASTER_PLAYLIST, HLS_VARIANT_PLAYLIST } from '../recipes/hls.ts';
import { Mp4FormatError, type ByteSource } from './boxes.ts';
import { initSegment, mediaSegment, planFragments, type FragmentSpan } from './fragments.ts';
import { readMp4Index, trackSeconds, type Mp4Index } from './mp4-index.ts';

/**
 * Instant HLS: a browser-ready mp4 played as fragmented-mp4 HLS straight from the uploaded file.
 * Only its index is read to publish the playlists (milliseconds, no ffmpeg); each segment is
 * assembled from the file's own samples when a player asks for it. The pipeline replaces it with
 * stored renditions once they are made.
 */
export interface InstantRendition {
  index: Mp4Index;
  spans: FragmentSpan[];
}

/** The variant's directory in the set: `master.m3u8` + `source/index.m3u8`, as a stored remux. */
export const INSTANT_VARIANT = 'source';
const INIT_SEGMENT = 'init.mp4';
/** A segment is built in memory when asked for: none may be larger than this. */
const MAX_SEGMENT_BYTES = 64 * 1024 * 1024;
const segmentName = (sequence: number) => `segment-${String(sequence).padStart(5, '0')}.m4s`;

/** Reads the file's index; throws Mp4FormatError when the file cannot be played as it is. */
export async function openInstantRendition(source: ByteSource): Promise<InstantRendition> {
  const index = await readMp4Index(source);
  const spans = planFragments(index, HLS_SEGMENT_SECONDS);
  // Keyframes too far apart make segments no player wants in one piece; ffmpeg re-cuts those.
  if (spans.some((span) => span.bytes > MAX_SEGMENT_BYTES))
    throw new Mp4FormatError('keyframes too far apart');
  return { index, spans };
}

/** The set's playlists by path: the master and the one variant. */
export function instantPlaylists({ index, spans }: InstantRendition): Record<string, string> {
  const peak = Math.max(...spans.map((span) => (span.bytes * 8) / Math.max(span.duration, 0.001)));
  const average =
    (spans.reduce((sum, span) => sum + span.bytes, 0) * 8) / Math.max(index.durationSeconds, 0.001);
  const frameRate = index.video.samples.count / Math.max(trackSeconds(index.video), 0.001);
  const codecs = [index.video.codec, index.audio?.codec].filter(Boolean).join(',');
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-STREAM-INF:BANDWIDTH=${Math.ceil(peak)},AVERAGE-BANDWIDTH=${Math.ceil(average)},RESOLUTION=${index.video.width}x${index.video.height},FRAME-RATE=${frameRate.toFixed(3)},CODECS="${codecs}"`,
    `${INSTANT_VARIANT}/${HLS_VARIANT_PLAYLIST}`,
    '',
  ];
  const variant = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(Math.max(...spans.map((span) => span.duration)))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${INIT_SEGMENT}"`,
    ...spans.flatMap((span, i) => [`#EXTINF:${span.duration.toFixed(6)},`, segmentName(i)]),
    '#EXT-X-ENDLIST',
    '',
  ];
  return {
    [HLS_MASTER_PLAYLIST]: master.join('\n'),
    [`${INSTANT_VARIANT}/${HLS_VARIANT_PLAYLIST}`]: variant.join('\n'),
  };
}

/** The init segment or a media segment of the variant, by file name; undefined for any other name. */
export async function instantSegment(
  rendition: InstantRendition,
  name: string,
  source: ByteSource,
): Promise<Buffer | undefined> {
  if (name === INIT_SEGMENT) return initSegment(rendition.index);
  const match = /^segment-(\d{5})\.m4s$/.exec(name);
  const sequence = match ? Number(match[1]) : -1;
  const span = rendition.spans[sequence];
  return span ? mediaSegment(rendition.index, span, sequence + 1, source) : undefined;
}
