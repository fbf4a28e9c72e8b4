import { z } from 'zod';
import { TRANSCODE_STATUSES, type TranscodeStatus } from '../transcoder.ts';

/** Spec 000 §3 / 002 §3.4: where a video asset came from. 'UPLOADED' is another spelling of 'UPLOAD'. */
export const VIDEO_SOURCES = ['EVENT_RECORDING', 'DIRECT_RECORDING', 'CL_UPLOAD', 'UPLOAD', 'CLIP'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];
export const videoSourceSchema = z.enum(VIDEO_SOURCES);
/** Accepts the spec's alternative spelling 'UPLOADED' and answers the canonical 'UPLOAD'. */
export const videoSourceInputSchema = z
  .enum([...VIDEO_SOURCES, 'UPLOADED'])
  .transform((source): VideoSource => (source === 'UPLOADED' ? 'UPLOAD' : source));

/** Spec 000 §3: creation types (the table also uses CLIP). */
export const CREATION_TYPES = ['UPLOADED', 'VIRTUAL', 'RECORDED', 'CLIP'] as const;
export type CreationType = (typeof CREATION_TYPES)[number];
export const creationTypeSchema = z.enum(CREATION_TYPES);

/** What the status column shows (spec 000 §4). */
export type DisplayStatus = TranscodeStatus | 'UNKNOWN';

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  SUBMITTED: 'Pending',
  PROGRESSING: 'Processing',
  PROCESSING_HD: 'Processing',
  COMPLETE: 'Completed',
  ERROR: 'Error',
  READY_TO_PUBLISH: 'Ready to be Published',
  UNKNOWN: 'Unknown',
};

const KNOWN_STATUSES: readonly string[] = TRANSCODE_STATUSES;

export interface StatusFacts {
  transcode_status: string | null | undefined;
  source: string;
  client_hls_path?: string | null | undefined;
}

/**
 * Spec 000 §4: PROCESSING_HD while PROGRESSING for a Content Lab upload with a client HLS path or
 * a plain upload; otherwise the transcode status, PROGRESSING when there is none; anything
 * outside the set is UNKNOWN.
 */
export function displayStatus(asset: StatusFacts): DisplayStatus {
  const status = asset.transcode_status ?? 'PROGRESSING';
  if (status === 'PROGRESSING') {
    const isClUploadWithHls = asset.source === 'CL_UPLOAD' && Boolean(asset.client_hls_path);
    if (isClUploadWithHls || asset.source === 'UPLOAD') return 'PROCESSING_HD';
  }
  return KNOWN_STATUSES.includes(status) ? (status as TranscodeStatus) : 'UNKNOWN';
}

/**
 * Issue 37 §3 clip publish: with the organisation's `showVideoLibraryClipPublish`, a processed clip
 * waits as READY_TO_PUBLISH (dimmed in the library, not pickable) until it is published from
 * Content Lab; every other video, and every clip without the flag, ends COMPLETE.
 */
export function processedStatus(
  source: string,
  flags: { showVideoLibraryClipPublish: boolean },
): 'COMPLETE' | 'READY_TO_PUBLISH' {
  return source === 'CLIP' && flags.showVideoLibraryClipPublish ? 'READY_TO_PUBLISH' : 'COMPLETE';
}

/** The pipeline has ended well: COMPLETE, or a clip READY_TO_PUBLISH. */
export const isProcessed = (status: string | null | undefined) =>
  status === 'COMPLETE' || status === 'READY_TO_PUBLISH';

/** PROCESSING_HD carries the tooltip of spec 000 §4. */
export const statusHasHdTooltip = (status: DisplayStatus) => status === 'PROCESSING_HD';

/** Pending and processing rows show a spinner instead of the thumbnail. */
export const isInProgress = (status: DisplayStatus) =>
  status === 'SUBMITTED' || status === 'PROGRESSING' || status === 'PROCESSING_HD';

export interface SelectableFacts extends StatusFacts {
  /** Codes or messages; the audio-file warning is recognised by either. */
  transcoder_warnings: readonly string[];
}

const AUDIO_WARNING_CODE = 'AUDIO_FILE_UPLOADED';
const AUDIO_WARNING_MESSAGE =
  'Audio files cannot be played directly in events. You can use .mp4 format for event playback.';

/** Spec 000 §4 "Selectable rule". */
export function isSelectable(asset: SelectableFacts): boolean {
  if (asset.transcode_status === 'READY_TO_PUBLISH') return false;
  if (asset.source === 'CL_UPLOAD') {
    const audioOnly = asset.transcoder_warnings.some(
      (warning) => warning === AUDIO_WARNING_CODE || warning === AUDIO_WARNING_MESSAGE,
    );
    return asset.transcode_status !== 'ERROR' && !audioOnly;
  }
  return true;
}

/**
 * Spec 000 §4, extended: HLS plays when there is an HLS URL and the video is COMPLETE or
 * PROCESSING_HD — a Content Lab upload with its client HLS, or a library upload whose instant HLS
 * exists (the spec names only the former; ours plays as soon as its instant rendition is there).
 */
export function isHlsPlaybackAvailable(asset: StatusFacts & { hlsUrl: string | null | undefined }): boolean {
  if (!asset.hlsUrl) return false;
  return asset.transcode_status === 'COMPLETE' || displayStatus(asset) === 'PROCESSING_HD';
}

/**
 * Spec 000 §3: duration as text — HH:mm:ss, the hour part hidden when it is 00, '-' when unknown.
 */
export function formatVideoDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '-';
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours === 0 ? `${pad(minutes)}:${pad(rest)}` : `${pad(hours)}:${pad(minutes)}:${pad(rest)}`;
}

/** Spec 000 §3: a RECORDED asset with no creator shows the recorder label. */
export const RECORDER_LABEL = 'Recorder';
