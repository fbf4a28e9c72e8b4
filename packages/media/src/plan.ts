import { audioStreams, isRotated, videoStreams, type MediaFacts } from './facts.ts';
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
