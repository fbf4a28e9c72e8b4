import { TRANSCODER_CODES, type TranscoderCode } from '@studio/domain';
import { audioStreams, displaySize, videoStreams, type MediaFacts, type StreamFacts } from './facts.ts';

/** Below this many lines on the picture's short side there is no HD rendition (our top rungs). */
const HD_MIN_LINES = 720;
/** Shapes the spec expects: 16:9 and 16:10. */
const STANDARD_ASPECT_RATIOS = [16 / 9, 16 / 10];
/** Relative tolerance on shapes, so 1366×768 or 854×480 count as 16:9. */
const ASPECT_TOLERANCE = 0.01;
/** Muxers routinely start a few milliseconds off zero (encoder delay); that is not worth a warning. */
const START_TIME_TOLERANCE_SECONDS = 0.1;
const PLAYABLE_VIDEO_CODECS = ['h264', 'hevc'];
const PLAYABLE_AUDIO_CODECS = ['aac', 'ac3'];

interface StreamsInPlay {
  facts: MediaFacts;
  video: StreamFacts;
  videos: StreamFacts[];
  audios: StreamFacts[];
}

const close = (value: number, target: number) => Math.abs(value / target - 1) <= ASPECT_TOLERANCE;

/** The warnings of a file with a readable video stream, keyed by code. */
const warningRules: Partial<Record<TranscoderCode, (streams: StreamsInPlay) => boolean>> = {
  MULTIPLE_VIDEO_STREAMS: ({ videos }) => videos.length > 1,
  MULTIPLE_AUDIO_STREAMS: ({ audios }) => audios.length > 1,
  ASPECT_RATIO_MISMATCH: ({ video }) => !close(video.sampleAspectRatio ?? 1, 1),
  NON_STANDARD_ASPECT_RATIO: ({ video }) => {
    const { width, height } = displaySize(video);
    return !STANDARD_ASPECT_RATIOS.some((standard) => close(width / height, standard));
  },
  LOW_RESOLUTION: ({ video }) => {
    const { width, height } = displaySize(video);
    return Math.min(width, height) < HD_MIN_LINES;
  },
  NO_AUDIO_STREAM: ({ audios }) => audios.length === 0,
  POSSIBLE_CORRUPTION: ({ facts }) =>
    facts.problems.length > 0 ||
    facts.streams.some(
      ({ declaredFrames, readPackets }) =>
        declaredFrames !== undefined && readPackets !== undefined && readPackets < declaredFrames,
    ),
  NON_ZERO_START_TIME: ({ videos, audios }) =>
    [...videos, ...audios].some(
      ({ startSeconds = 0 }) => Math.abs(startSeconds) > START_TIME_TOLERANCE_SECONDS,
    ),
  NOT_MP4: ({ facts }) => !isMp4(facts),
  UNSUPPORTED_VIDEO_CODEC: ({ video }) => !PLAYABLE_VIDEO_CODECS.includes(video.codec ?? ''),
  UNSUPPORTED_AUDIO_CODEC: ({ audios }) =>
    audios.length > 0 && !PLAYABLE_AUDIO_CODECS.includes(audios[0]?.codec ?? ''),
};

/**
 * Spec 000 §5: the transcoder errors and warnings a file's facts call for, in catalogue order.
 * The first video stream is the one played; cover art is not a video stream.
 */
export function transcoderCodesFor(facts: MediaFacts): TranscoderCode[] {
  const videos = videoStreams(facts);
  const audios = audioStreams(facts);
  const [video] = videos;
  if (!video) return audios.length > 0 ? ['AUDIO_FILE_UPLOADED'] : ['NO_VIDEO_STREAM'];
  // A video whose duration cannot be read cannot be placed in an event's schedule.
  if (!video.codec || !video.width || !video.height || facts.durationSeconds === undefined)
    return ['UNDECODABLE'];
  const streams: StreamsInPlay = { facts, video, videos, audios };
  return TRANSCODER_CODES.filter((code) => warningRules[code]?.(streams) ?? false);
}

/** An ISO MP4: the mov-family demuxer and a brand other than QuickTime's. */
function isMp4(facts: MediaFacts): boolean {
  return facts.formatNames.includes('mp4') && facts.brand !== 'qt';
}
