import type HlsLight from 'hls.js/light';
import { LIVE_HOLD_SEGMENTS } from '@studio/domain';
import { onHlsError } from '../../ui/hls-rules.ts';

type HlsClass = typeof HlsLight;

let loading: Promise<HlsClass> | undefined;

/**
 * hls.js, most of the app's weight, fetched once: the event app asks for it after its first paint
 * (while the person is in the tech check), so the stage's first frame does not wait for it.
 */
export function loadHls(): Promise<HlsClass> {
  loading ??= import('hls.js/light').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Plays `url` on the video with hls.js (or natively): 000 §8's error rules; answers the stop. */
export function playHls(
  Hls: HlsClass,
  video: HTMLVideoElement,
  url: string,
  start: () => void,
  fail: () => void,
  live: boolean,
): () => void {
  if (!Hls.isSupported()) {
    video.src = url;
    video.addEventListener('loadedmetadata', start, { once: true });
    return () => video.removeAttribute('src');
  }
  // A live channel plays two segments behind its edge: close to the encoder, with a segment to spare.
  const hls = new Hls(live ? { liveSyncDurationCount: LIVE_HOLD_SEGMENTS } : {});
  hls.on(Hls.Events.MANIFEST_PARSED, start);
  onHlsError(hls, Hls.Events, fail);
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}
