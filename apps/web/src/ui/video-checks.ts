import {
  LIBRARY_VIDEO_MIN_SECONDS,
  mp4Duration,
  THUMBNAIL_AT_SECONDS,
  THUMBNAIL_JPEG_QUALITY,
  videoLibraryMessages,
} from '@studio/domain';
import type { FileCheckResult } from './file-uploader.tsx';

/** What the browser learns of a chosen video before it is uploaded. */
export interface CheckedVideo {
  duration: number;
  /** Null when the browser cannot decode the video: the server takes the thumbnail at 1 s. */
  thumbnail: Blob | null;
}

/** Our wording where the spec names the failure but not its text (spec 000 §5). */
export const videoCheckMessages = {
  invalidDuration: 'The duration of this video could not be read.',
  thumbnailFailed: 'A thumbnail could not be taken from this video.',
} as const;

export interface VideoProbe {
  /** The duration in seconds (NaN/Infinity when unknown). */
  duration(): Promise<number>;
  /** A JPEG frame at `seconds`. */
  frameAt(seconds: number, quality: number): Promise<Blob>;
  /** The duration the file's mp4 index declares; null when it is not an mp4 or has none readable. */
  indexDuration?(): Promise<number | null>;
  close(): void;
}

/**
 * Spec 000 §5 / 002 §5.10: at least 1 s long ('video is too short.'), a readable duration and a
 * thumbnail at 1 s as JPEG quality 0.75; otherwise the file is refused before upload.
 */
export async function judgeVideo(probe: VideoProbe): Promise<FileCheckResult<CheckedVideo>> {
  const indexDuration = () => probe.indexDuration?.().catch(() => null) ?? Promise.resolve(null);
  try {
    const browserDuration = await probe.duration().catch(() => Number.NaN);
    const decoded = Number.isFinite(browserDuration) && browserDuration > 0;
    // A video the browser cannot decode (MPEG-4 Part 2 …) may still be an mp4 the server processes.
    const duration = decoded ? browserDuration : await indexDuration();
    if (duration === null) return { ok: false, message: videoCheckMessages.invalidDuration };
    if (duration < LIBRARY_VIDEO_MIN_SECONDS)
      return { ok: false, message: videoLibraryMessages.videoTooShort };
    const thumbnail = decoded
      ? await probe.frameAt(THUMBNAIL_AT_SECONDS, THUMBNAIL_JPEG_QUALITY).catch(() => null)
      : null;
    if (thumbnail && thumbnail.size > 0) return { ok: true, value: { duration, thumbnail } };
    // No frame in the browser: an mp4 with a readable index goes on, the server takes the thumbnail.
    if (decoded && (await indexDuration()) === null)
      return { ok: false, message: videoCheckMessages.thumbnailFailed };
    return { ok: true, value: { duration, thumbnail: null } };
  } finally {
    probe.close();
  }
}

const once = (target: EventTarget, ok: string, fail = 'error') =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      target.removeEventListener(ok, done);
      target.removeEventListener(fail, failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(ok, done);
      target.removeEventListener(fail, failed);
      reject(new Error(fail));
    };
    target.addEventListener(ok, done);
    target.addEventListener(fail, failed);
  });

/** Reads a local video file with a <video> element and a canvas. */
export function browserVideoProbe(file: Blob): VideoProbe {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.preload = 'auto';
  video.muted = true;
  video.playsInline = true;
  const metadata = once(video, 'loadedmetadata');
  video.src = url;
  return {
    async duration() {
      await metadata;
      return video.duration;
    },
    async frameAt(seconds, quality) {
      await metadata;
      const seeked = once(video, 'seeked');
      video.currentTime = Math.min(seconds, video.duration);
      await seeked;
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) throw new Error('no frame');
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      return new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('no frame'))),
          'image/jpeg',
          quality,
        ),
      );
    },
    indexDuration: () =>
      mp4Duration({
        size: file.size,
        read: async (offset, length) =>
          new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
      }),
    close() {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    },
  };
}

export const checkLibraryVideo = (file: File, probe: (file: Blob) => VideoProbe = browserVideoProbe) =>
  judgeVideo(probe(file));
