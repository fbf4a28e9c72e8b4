import type HlsLight from 'hls.js/light';
import { videoLibraryMessages } from '@studio/domain';
import { guardParamsOf, onHlsError, PLAYBACK_FAILED_MESSAGE_MS, withGuardParams } from '../ui/hls-rules.ts';

type HlsClass = typeof HlsLight;

/** The player's message under the video (a failure stays 5 seconds, spec 000 §8). */
function showProblem(slot: HTMLElement, message: string, forMs?: number) {
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.className = 'alert error';
  alert.textContent = message;
  slot.append(alert);
  if (forMs) setTimeout(() => alert.remove(), forMs);
}

/** The chapters listed after the player seek it and play from there. */
function followChapters(slot: HTMLElement, video: HTMLVideoElement) {
  const list = slot.nextElementSibling;
  if (!list?.classList.contains('page-chapters')) return;
  for (const button of list.querySelectorAll<HTMLButtonElement>('button[data-seek]'))
    button.addEventListener('click', () => {
      video.currentTime = Number(button.dataset.seek);
      void video.play().catch(() => undefined);
    });
}

/**
 * A Video block's player: the library's HLS with hls.js (natively where the browser plays HLS),
 * the video's WebVTT captions as a track,
 * the guard's parameters on every request (000 §7), 000 §8's error rules.
 */
export async function playVideo(
  slot: HTMLElement,
  loadHls: () => Promise<HlsClass> = () => import('hls.js/light').then((module) => module.default),
): Promise<void> {
  const src = slot.dataset.hlsSrc;
  if (!src) return;
  const video = document.createElement('video');
  video.controls = true;
  video.playsInline = true;
  video.preload = 'metadata';
  if (slot.dataset.poster) video.poster = slot.dataset.poster;
  if (slot.dataset.title) video.setAttribute('aria-label', slot.dataset.title);
  const captions = slot.dataset.captionsSrc;
  if (captions) {
    // The captions come from the studio's origin, as on the on-demand page: the track is read with CORS.
    video.crossOrigin = 'anonymous';
    const track = document.createElement('track');
    Object.assign(track, { kind: 'captions', src: captions, srclang: 'en', label: 'English' });
    video.append(track);
  }
  slot.replaceChildren(video);
  followChapters(slot, video);

  const Hls = await loadHls();
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
    else showProblem(slot, videoLibraryMessages.hlsUnsupported);
    return;
  }
  const guard = guardParamsOf(src);
  const mediaOrigin = new URL(src, window.location.href).origin;
  const hls = new Hls({
    xhrSetup: (xhr, url) => {
      const guarded = withGuardParams(url, guard, mediaOrigin);
      if (guarded !== url) xhr.open('GET', guarded, true);
    },
  });
  onHlsError(hls, Hls.Events, () =>
    showProblem(slot, videoLibraryMessages.playbackFailed, PLAYBACK_FAILED_MESSAGE_MS),
  );
  hls.loadSource(src);
  hls.attachMedia(video);
}
