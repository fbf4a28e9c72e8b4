import type { Rendition } from '../ladder.ts';

export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast';

/** Seconds per HLS segment; every encoded rendition has a keyframe exactly on each boundary. */
export const HLS_SEGMENT_SECONDS = 4;
export const AUDIO_BITRATE = '128k';

/** Scales to a display size with square pixels. */
export function scaleFilter(size: { width: number; height: number }): string {
  return `scale=${size.width}:${size.height},setsar=1`;
}

/**
 * Browser-safe H.264. Keyframes are forced on segment boundaries and scene-cut keyframes are off,
 * so every rendition cuts at the same instants and players can switch between them.
 */
export function x264Args(preset: X264Preset): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', preset, '-pix_fmt', 'yuv420p'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`, '-sc_threshold', '0'],
  ];
}

/** Target, ceiling and buffer of a rendition's bitrate; `stream` addresses one output stream ('v:1'). */
export function bitrateArgs(rendition: Rendition, stream = 'v'): string[] {
  const kbps = (factor: number) => `${Math.round((rendition.videoBitrate * factor) / 1000)}k`;
  return [`-b:${stream}`, kbps(1), `-maxrate:${stream}`, kbps(1.07), `-bufsize:${stream}`, kbps(1.5)];
}

/** Stereo AAC, the audio every browser plays. */
export function aacArgs(): string[] {
  return ['-c:a', 'aac', '-b:a', AUDIO_BITRATE, '-ac', '2'];
}
