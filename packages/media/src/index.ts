export {
  checkMediaTools,
  describeMediaTools,
  locateMediaBinaries,
  mediaBinaries,
  useMediaBinaries,
  VIDEO_PROCESSING_UNAVAILABLE,
  type MediaBinaries,
  type MediaTool,
  type MediaToolCheck,
  type MediaToolsCheck,
} from './binaries.ts';
export { runMediaTool, MediaToolError, type MediaToolOutput, type RunOptions } from './runner.ts';
export { Semaphore, mediaProcessSlots, setMediaConcurrency } from './semaphore.ts';
export { writeAtomically, PARTIAL_PREFIX } from './atomic-output.ts';
export {
  audioStreams,
  videoStreams,
  type MediaFacts,
  type MediaSource,
  type StreamFacts,
  type StreamKind,
} from './facts.ts';
export { probeMedia } from './probe.ts';
export { transcoderCodesFor } from './warnings.ts';
export { inspectMedia, type MediaInspection } from './inspect.ts';
export { LADDER_RUNGS, selectLadder, type Rendition } from './ladder.ts';
export { transcodePlan, isBrowserReady, type TranscodePlan } from './plan.ts';
export {
  mergeMasterPlaylists,
  parseMasterPlaylist,
  segmentUris,
  subtitlesPlaylist,
  withSubtitles,
  type MasterVariant,
} from './hls-playlists.ts';
export { HLS_MASTER_PLAYLIST, hlsLadderArgs, hlsRemuxArgs, lowRenditionArgs } from './recipes/hls.ts';
export { HLS_SEGMENT_SECONDS, type X264Preset } from './recipes/encoding.ts';
export { mp4FaststartArgs } from './recipes/mp4-faststart.ts';
export { FILLER_CLIP_SECONDS, fillerClipArgs } from './recipes/filler-clip.ts';
export { THUMBNAIL_AT_SECONDS, thumbnailArgs } from './recipes/thumbnail.ts';
export {
  STILL_VIDEO_SECONDS,
  STILL_VIDEO_SIZE,
  mp4ToHlsArgs,
  stillImageMp4Args,
} from './recipes/still-image.ts';
export {
  captureThumbnail,
  encodeHlsLadder,
  encodeLowRendition,
  encodeStillImage,
  mp4ToHls,
  remuxToHls,
  writeMp4,
  type StepOptions,
} from './steps.ts';
export { Mp4FormatError, openFileSource, type ByteSource } from './mp4/boxes.ts';
export {
  INSTANT_VARIANT,
  instantPlaylists,
  instantSegment,
  openInstantRendition,
  type InstantRendition,
} from './mp4/instant-hls.ts';
export { startPipedMediaTool, type PipedMediaExit, type PipedMediaProcess } from './piped-process.ts';
export {
  INGEST_SEGMENT_SECONDS,
  ingestSegmentArgs,
  parseSegmentListLine,
  type SegmentListEntry,
} from './recipes/live-ingest.ts';
export {
  locateSpeechEngine,
  pocketsphinxPhrases,
  SpeechEngineError,
  speechWavArgs,
  transcribeMedia,
  whisperPhrases,
  type SpeechEngine,
  type SpokenPhrase,
  type Transcription as SpeechTranscription,
} from './speech.ts';
export {
  clipCutArgs,
  clipCutMode,
  cutClip,
  verticalCropFilter,
  type ClipCut,
  type ClipCutMode,
} from './clip-cut.ts';
