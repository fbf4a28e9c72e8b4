/** What ffprobe found in a media file, as plain data (no ffprobe field names leak past probe.ts). */
export interface MediaFacts {
  /** The demuxer's names, for example ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2']. */
  formatNames: string[];
  /** The ISO base media major brand ('isom', 'mp42', 'M4A', 'qt'), when the container has one. */
  brand?: string;
  durationSeconds?: number;
  sizeBytes?: number;
  bitrate?: number;
  streams: StreamFacts[];
  /** Errors the demuxer reported while reading every packet of the file. */
  problems: string[];
}

export type StreamKind = 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | 'unknown';

export interface StreamFacts {
  index: number;
  kind: StreamKind;
  /** ffprobe's codec name ('h264', 'hevc', 'aac', ...); absent when ffprobe cannot identify it. */
  codec?: string;
  /** Cover art stored as a video stream (typical of audio files). */
  attachedPicture: boolean;
  width?: number;
  height?: number;
  /** Pixel shape, width over height; 1 for square pixels. */
  sampleAspectRatio?: number;
  /** Picture shape as displayed, width over height. */
  displayAspectRatio?: number;
  /** Degrees a player turns the picture (a phone held upright records 90 or -90). */
  rotation?: number;
  frameRate?: number;
  pixelFormat?: string;
  bitrate?: number;
  channels?: number;
  sampleRate?: number;
  startSeconds?: number;
  durationSeconds?: number;
  /** Frame count the container declares. */
  declaredFrames?: number;
  /** Packets actually read from the file. */
  readPackets?: number;
}

/** A probed file, the input of every recipe. */
export interface MediaSource {
  path: string;
  facts: MediaFacts;
}

/** The video streams a player would show: cover art does not count. */
export function videoStreams(facts: MediaFacts): StreamFacts[] {
  return facts.streams.filter((stream) => stream.kind === 'video' && !stream.attachedPicture);
}

export function audioStreams(facts: MediaFacts): StreamFacts[] {
  return facts.streams.filter((stream) => stream.kind === 'audio');
}

/** The demuxer to pin for ffmpeg runs on this file, so it cannot be re-detected as something else. */
export function demuxerOf(facts: MediaFacts): string {
  const demuxer = facts.formatNames[0];
  if (!demuxer) throw new Error('The probe did not name a container format.');
  return demuxer;
}

/** The picture size as displayed: the width corrected by the pixel shape, then turned by the rotation. */
export function displaySize(video: StreamFacts): { width: number; height: number } {
  const width = Math.round((video.width ?? 0) * (video.sampleAspectRatio ?? 1));
  const height = video.height ?? 0;
  return isTurnedSideways(video) ? { width: height, height: width } : { width, height };
}

export function isRotated(video: StreamFacts): boolean {
  return (video.rotation ?? 0) % 360 !== 0;
}

function isTurnedSideways(video: StreamFacts): boolean {
  return Math.abs(video.rotation ?? 0) % 180 === 90;
}
