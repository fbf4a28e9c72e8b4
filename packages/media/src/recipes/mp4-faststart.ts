import { videoStreams, type MediaSource } from '../facts.ts';
import { selectLadder } from '../ladder.ts';
import { aacArgs, bitrateArgs, scaleFilter, x264Args } from './encoding.ts';
import { inputArgs, playedStreamMaps } from './input.ts';

/**
 * The downloadable mp4, its index (moov) first so it starts playing before it is fully
 * downloaded. `copy` keeps the streams of a browser-ready file; `encode` makes H.264/AAC at the
 * ladder's top rendition.
 */
export function mp4FaststartArgs(source: MediaSource, outputPath: string, mode: 'copy' | 'encode'): string[] {
  return [
    ...inputArgs(source),
    ...playedStreamMaps(source),
    ...(mode === 'copy' ? ['-c', 'copy'] : encodeArgs(source)),
    ...['-movflags', '+faststart', '-f', 'mp4', outputPath],
  ];
}

function encodeArgs(source: MediaSource): string[] {
  const [video] = videoStreams(source.facts);
  const top = video && selectLadder(video).at(-1);
  const videoArgs = top ? ['-vf', scaleFilter(top), ...x264Args('veryfast'), ...bitrateArgs(top)] : [];
  return [...videoArgs, ...aacArgs()];
}
