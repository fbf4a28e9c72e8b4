import { audioStreams, demuxerOf, isRotated, videoStreams, type MediaFacts } from './facts.ts';
import { EARLY_REMUX_DEMUXER } from './recipes/hls.ts';
import { selectLadder, type Rendition } from './ladder.ts';

/** The steps a playable file goes through, decided from its facts alone. */
export interface TranscodePlan {
  /**
   * How the asset first becomes playable: an HLS stream copy of a browser-ready file (seconds),
   * an ultrafast low rendition otherwise, or nothing for an audio file (not playable in events).
   */
  firstPlayable: 'remux' | 'low-rendition' | null;
  /** The adaptive ladder; empty for an audio file. */
  ladder: Rendition[];
  /** The downloadable mp4: a stream copy of a browser-ready file, an encode otherwise. */
  mp4: 'copy' | 'encode';
  thumbnail: boolean;
}

/** Call it only when the file's transcoder codes hold no error. */
export function transcodePlan(facts: MediaFacts): TranscodePlan {
  const [video] = videoStreams(facts);
  const copyable = isBrowserReady(facts);
  if (!video) return { firstPlayable: null, ladder: [], mp4: copyable ? 'copy' : 'encode', thumbnail: false };
  return {
    firstPlayable: copyable ? 'remux' : 'low-rendition',
    ladder: selectLadder(video),
    mp4: copyable ? 'copy' : 'encode',
    thumbnail: true,
  };
}

/**
 * 8-bit 4:2:0 H.264 and AAC (either may be absent) play in every browser as they are. A rotated
 * video does not: MPEG-TS segments cannot carry the rotation, so it must be encoded upright.
 */
export function isBrowserReady(facts: MediaFacts): boolean {
  const [video] = videoStreams(facts);
  const [audio] = audioStreams(facts);
  if (!video && !audio) return false;
  const videoReady =
    !video ||
    (video.codec === 'h264' &&
      ['yuv420p', 'yuvj420p'].includes(video.pixelFormat ?? '') &&
      !isRotated(video));
  return videoReady && (!audio || audio.codec === 'aac');
}

/**
 * Whether an early remux (hlsEarlyRemuxArgs: the first video and first audio stream of an mp4,
 * copied) is exactly the remux this file's plan calls for: browser-ready, the demuxer the probe
 * found is the one the early run pinned, and the streams it took are the played ones (no cover
 * art before the video, an audio stream present).
 */
export function earlyRemuxMatches(facts: MediaFacts): boolean {
  if (transcodePlan(facts).firstPlayable !== 'remux' || demuxerOf(facts) !== EARLY_REMUX_DEMUXER) return false;
  const [played] = videoStreams(facts);
  const [firstVideo] = facts.streams.filter((stream) => stream.kind === 'video');
  return played !== undefined && played === firstVideo && audioStreams(facts).length > 0;
}
