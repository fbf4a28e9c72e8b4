/** A library video as a channel plays it: playable when it has an HLS URL and a known length. */
export interface PlayoutVideo {
  id: string;
  /** Seconds; null while the library does not know it. */
  duration: number | null;
  hls_url: string | null;
}

export type PlayableVideo<V extends PlayoutVideo> = V & { duration: number; hls_url: string };

const playable = <V extends PlayoutVideo>(video: V): video is PlayableVideo<V> =>
  video.hls_url !== null && video.duration !== null && video.duration > 0;

/**
 * Videos played back to back from `start` (ms): each starts when the one before ends; a video
 * without length or HLS rendition is skipped. The stage's sessions and the simulive test share it.
 */
export function videoSlots<V extends PlayoutVideo>(start: number, videos: readonly V[]) {
  let next = start;
  return videos.filter(playable).map((video) => {
    const slot = { video, start: next, end: next + video.duration * 1000 };
    next = slot.end;
    return slot;
  });
}
