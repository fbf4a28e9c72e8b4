/**
 * Spec 002 §4.3: the channel states an RTMP input reports. IDLE, NOT_PRESENT, STOPPED and DELETED
 * mean the channel does not accept a stream; STARTING is on its way; any other state accepts one.
 * Ours beyond the spec's list: RUNNING (accepting, no publisher needed), RECEIVING (a publisher is
 * on air), RECOVERING (a live session with no publisher: the filler plays, the studio shows it degraded).
 */
export const CHANNEL_STATES = [
  'IDLE',
  'NOT_PRESENT',
  'STOPPED',
  'DELETED',
  'STARTING',
  'RUNNING',
  'RECEIVING',
  'RECOVERING',
] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];
export const NOT_RUNNING_CHANNEL_STATES: readonly string[] = ['IDLE', 'NOT_PRESENT', 'STOPPED', 'DELETED'];

/** An input is ATTACHED when a session plays it, else DETACHED (002 §3.5 `state`). */
export const RTMP_INPUT_STATES = ['DETACHED', 'ATTACHED'] as const;
export type RtmpInputState = (typeof RTMP_INPUT_STATES)[number];

/** Spec 002 §4.3: the inputs list's and a delete's states (the screen's own). */
export const RTMP_INPUT_LIST_STATES = [
  'LOADING',
  'DELETING',
  'CREATING',
  'LOADED',
  'UPDATING',
  'ERRORRED',
  'LIST_LOADING_ERROR',
] as const;
export type RtmpInputListState = (typeof RTMP_INPUT_LIST_STATES)[number];
export const RTMP_INPUT_DELETE_STATES = ['LOADING', 'LOADED', 'ERRORRED', 'CANNOT_DELETE_IN_USE'] as const;
export type RtmpInputDeleteState = (typeof RTMP_INPUT_DELETE_STATES)[number];

/** Spec 002 §4.3: testing is possible while the event's start minus one hour is still ahead. */
export const RTMP_TEST_WINDOW_MS = 60 * 60 * 1000;
/** Ours: a test run accepts a stream for this long, and never past the testing window. */
export const RTMP_TEST_RUN_MS = 30 * 60 * 1000;
/** Ours: an input's channel accepts its live stream from this long before the event until its end. */
export const LIVE_CHANNEL_OPENS_BEFORE_MS = RTMP_TEST_WINDOW_MS;
/** The segment duration encoders are advised to key on (keyframe interval 2 s). */
export const LIVE_SEGMENT_SECONDS = 2;
/** Segments a live playlist lists. */
export const LIVE_PLAYLIST_WINDOW = 6;
/** Segments the stage's player stays behind a live channel's edge (hls.js `liveSyncDurationCount`). */
export const LIVE_HOLD_SEGMENTS = 2;
/** The RTMP application of stream URLs: rtmp://host:port/live/{stream key}. */
export const RTMP_APP = 'live';
/** Ours: the longest input name. */
export const RTMP_INPUT_NAME_MAX_LENGTH = 100;
