import { z } from 'zod';
import { recordKeys } from './records.ts';

/** Spec 000 §4: the transcode status set of a video asset. */
export const TRANSCODE_STATUSES = [
  'SUBMITTED',
  'PROGRESSING',
  'PROCESSING_HD',
  'COMPLETE',
  'ERROR',
  'READY_TO_PUBLISH',
] as const;
export const transcodeStatusSchema = z.enum(TRANSCODE_STATUSES);
export type TranscodeStatus = z.infer<typeof transcodeStatusSchema>;

/**
 * Spec 000 §5 "Transcoder warnings shown as text", one code per item, in the spec's order.
 * An error blocks playback (the asset ends in ERROR); a warning is shown beside a playable asset.
 */
export const transcoderCatalogue = {
  MULTIPLE_VIDEO_STREAMS: {
    severity: 'warning',
    message: 'Multiple video streams detected. Only the first one is played.',
  },
  MULTIPLE_AUDIO_STREAMS: {
    severity: 'warning',
    message: 'Multiple audio streams detected. Only the first one is played.',
  },
  NO_VIDEO_STREAM: { severity: 'error', message: "This video can't be played. No video stream detected." },
  UNDECODABLE: { severity: 'error', message: "This video can't be played. We could not process your video." },
  ASPECT_RATIO_MISMATCH: {
    severity: 'warning',
    message: 'Aspect ratio mismatch: the video is displayed at a different shape than its frame size.',
  },
  NON_STANDARD_ASPECT_RATIO: {
    severity: 'warning',
    message: 'Non-standard aspect ratio. 16:9 or 16:10 is expected.',
  },
  LOW_RESOLUTION: {
    severity: 'warning',
    message: 'Low resolution. Use 720p or higher for the best quality.',
  },
  NO_AUDIO_STREAM: { severity: 'warning', message: 'No audio stream detected.' },
  POSSIBLE_CORRUPTION: {
    severity: 'warning',
    message: 'The file may be corrupted. Parts of the video may not play.',
  },
  NON_ZERO_START_TIME: {
    severity: 'warning',
    message: 'The video and audio timestamps do not start at zero. Playback may be out of sync.',
  },
  NOT_MP4: { severity: 'warning', message: 'Use MP4 for the best compatibility.' },
  UNSUPPORTED_VIDEO_CODEC: {
    severity: 'warning',
    message: 'Use H.264 or H.265 video for the best compatibility.',
  },
  UNSUPPORTED_AUDIO_CODEC: {
    severity: 'warning',
    message: 'Use AAC or AC3 audio for the best compatibility.',
  },
  /** A warning in the spec: the asset exists, but it cannot be picked for events (spec 000 §4). */
  AUDIO_FILE_UPLOADED: {
    severity: 'warning',
    message: 'Audio files cannot be played directly in events. You can use .mp4 format for event playback.',
  },
  NON_ENGLISH_TRANSCRIPTION_RESTRICTED: {
    severity: 'warning',
    message: 'Transcription in languages other than English is restricted for this account.',
  },
} as const satisfies Record<string, { severity: 'error' | 'warning'; message: string }>;

export type TranscoderCode = keyof typeof transcoderCatalogue;
export type TranscoderSeverity = (typeof transcoderCatalogue)[TranscoderCode]['severity'];

export const TRANSCODER_CODES = recordKeys(transcoderCatalogue);
export const transcoderCodeSchema = z.enum(TRANSCODER_CODES);

export function transcoderMessage(code: TranscoderCode): string {
  return transcoderCatalogue[code].message;
}

/** Splits derived codes into the asset's transcoder_errors and transcoder_warnings. */
export function splitTranscoderCodes(codes: readonly TranscoderCode[]): {
  errors: TranscoderCode[];
  warnings: TranscoderCode[];
} {
  return {
    errors: codes.filter((code) => transcoderCatalogue[code].severity === 'error'),
    warnings: codes.filter((code) => transcoderCatalogue[code].severity === 'warning'),
  };
}
