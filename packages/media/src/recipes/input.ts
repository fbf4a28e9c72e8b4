import { resolve } from 'node:path';
import { audioStreams, demuxerOf, videoStreams, type MediaSource } from '../facts.ts';
import { PROTOCOL_WHITELIST } from '../probe.ts';

/**
 * The start of every ffmpeg run on an uploaded file: quiet, no stdin, local files only, and the
 * demuxer the probe found pinned, so a crafted file cannot be re-detected as a playlist.
 * `inputOptions` go before `-i` (for example a seek).
 */
export function inputArgs(source: MediaSource, inputOptions: readonly string[] = []): string[] {
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error'],
    ...['-protocol_whitelist', PROTOCOL_WHITELIST],
    ...inputOptions,
    ...['-f', demuxerOf(source.facts), '-i', `file:${resolve(source.path)}`],
  ];
}

/** The streams that are played: the first real video (not cover art) and the first audio, by index. */
export function playedStreams(source: MediaSource): { video?: number; audio?: number } {
  const [video] = videoStreams(source.facts);
  const [audio] = audioStreams(source.facts);
  return { ...(video ? { video: video.index } : {}), ...(audio ? { audio: audio.index } : {}) };
}

/** `-map` options for the played streams. */
export function playedStreamMaps(source: MediaSource): string[] {
  const { video, audio } = playedStreams(source);
  return [video, audio].flatMap((index) => (index === undefined ? [] : ['-map', `0:${index}`]));
}
