import { join } from 'node:path';
import type { MediaSource } from '../facts.ts';
import type { Rendition } from '../ladder.ts';
import {
  HLS_SEGMENT_SECONDS,
  aacArgs,
  bitrateArgs,
  scaleFilter,
  x264Args,
  type X264Preset,
} from './encoding.ts';
import { inputArgs, playedStreamMaps, playedStreams } from './input.ts';

/** Every HLS output directory is entered through this playlist, whatever made it. */
export const HLS_MASTER_PLAYLIST = 'master.m3u8';
/** Each variant lives in `<variant name>/` with this playlist and its segments. */
export const HLS_VARIANT_PLAYLIST = 'index.m3u8';
const SEGMENT_PATTERN = 'segment-%05d.ts';

/**
 * Stream copy of a browser-ready file to a single-variant HLS set: no re-encoding, so the asset is
 * playable in a fraction of its duration. Segments cut at the source's own keyframes.
 */
export function hlsRemuxArgs(source: MediaSource, outputDir: string): string[] {
  const { video, audio } = playedStreams(source);
  if (video === undefined) throw new Error('An HLS remux needs a video stream.');
  return [
    ...inputArgs(source),
    ...playedStreamMaps(source),
    ...['-c', 'copy'],
    ...hlsOutputArgs(outputDir, [`v:0${audio === undefined ? '' : ',a:0'},name:source`]),
  ];
}

/**
 * The adaptive ladder in one ffmpeg run: the source is decoded once, split and scaled to each
 * rendition; ffmpeg writes every variant playlist and the master playlist. `preset` is one x264
 * preset for every rendition, or one per rendition (a faster one for the lower rungs).
 */
export function hlsLadderArgs(
  source: MediaSource,
  outputDir: string,
  renditions: readonly Rendition[],
  preset: X264Preset | readonly X264Preset[] = 'veryfast',
): string[] {
  const presets = typeof preset === 'string' ? renditions.map(() => preset) : preset;
  if (presets.length !== renditions.length) throw new Error('One x264 preset per rendition.');
  const { video, audio } = playedStreams(source);
  if (video === undefined) throw new Error('An HLS ladder needs a video stream.');
  if (renditions.length === 0) throw new Error('An HLS ladder needs at least one rendition.');
  const splits = renditions.map((_, i) => `[s${i}]`).join('');
  const scales = renditions.map((rendition, i) => `;[s${i}]${scaleFilter(rendition)}[v${i}]`).join('');
  return [
    ...inputArgs(source),
    ...['-filter_complex', `[0:${video}]split=${renditions.length}${splits}${scales}`],
    ...renditions.flatMap((_, i) => [
      '-map',
      `[v${i}]`,
      ...(audio === undefined ? [] : ['-map', `0:${audio}`]),
    ]),
    ...x264Args(presets[0]!),
    // Codec options take stream specifiers: each rendition its own preset.
    ...presets.flatMap((each, i) => (each === presets[0] ? [] : [`-preset:v:${i}`, each])),
    ...renditions.flatMap((rendition, i) => bitrateArgs(rendition, `v:${i}`)),
    ...(audio === undefined ? [] : aacArgs()),
    ...hlsOutputArgs(
      outputDir,
      renditions.map(
        (rendition, i) => `v:${i}${audio === undefined ? '' : `,a:${i}`},name:${rendition.name}`,
      ),
    ),
  ];
}

/** The fast first playable of a file that is not browser-ready: the lowest rung, x264 ultrafast. */
export function lowRenditionArgs(
  source: MediaSource,
  outputDir: string,
  ladder: readonly Rendition[],
): string[] {
  const [lowest] = ladder;
  if (!lowest) throw new Error('A low rendition needs a ladder with at least one rung.');
  return hlsLadderArgs(source, outputDir, [lowest], 'ultrafast');
}

/** The HLS muxer: VOD playlists per variant under `<variant>/`, the master playlist, MPEG-TS segments. */
export function hlsOutputArgs(outputDir: string, variants: readonly string[]): string[] {
  return [
    ...['-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts'],
    ...['-master_pl_name', HLS_MASTER_PLAYLIST, '-var_stream_map', variants.join(' ')],
    ...['-hls_segment_filename', join(outputDir, '%v', SEGMENT_PATTERN)],
    join(outputDir, '%v', HLS_VARIANT_PLAYLIST),
  ];
}
