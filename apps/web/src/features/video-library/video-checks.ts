import {
  LIBRARY_VIDEO_MIN_SECONDS,
  THUMBNAIL_AT_SECONDS,
  THUMBNAIL_JPEG_QUALITY,
  videoLibraryMessages,
} from '@studio/domain';
import type { FileCheckResult } from '../../ui/file-uploader.tsx';

/** What the browser learns of a chosen video before it is uploaded. */
export interface CheckedVideo {
  duration: number;
  thumbnail: Blob;
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
  close(): void;
}

/**
 * Spec 000 §5 / 002 §5.10: at least 1 s long ('video is too short.'), a readable duration and a
 * thumbnail at 1 s as JPEG quality 0.75; otherwise the file is refused before upload.
 */
export async function judgeVideo(probe: VideoProbe): Promise<FileCheckResult<CheckedVideo>> {
  try {
    const duration = await probe.duration().catch(() => Number.NaN);
    if (!Number.isFinite(duration) || duration <= 0)
      return { ok: false, message: videoCheckMessages.invalidDuration };
    if (duration < LIBRARY_VIDEO_MIN_SECONDS)
      return { ok: false, message: videoLibraryMessages.videoTooShort };
    const thumbnail = await probe.frameAt(THUMBNAIL_AT_SECONDS, THUMBNAIL_JPEG_QUALITY).catch(() => null);
    if (!thumbnail || thumbnail.size === 0) return { ok: false, message: videoCheckMessages.thumbnailFailed };
    return { ok: true, value: { duration, thumbnail } };
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
    close() {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    },
  };
}

export const checkLibraryVideo = (file: File, probe: (file: Blob) => VideoProbe = browserVideoProbe) =>
  judgeVideo(probe(file));
