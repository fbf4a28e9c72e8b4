import type { StageSource } from '../stage/api.ts';
import type { BroadcastType, SimuliveTestState } from './constants.ts';
import { sumSeconds } from './rules.ts';
import { videoSlots, type PlayoutVideo } from './video-slots.ts';

/** 001 §4, 002 §9: a test run's videos start playing 5 minutes after it starts. */
export const SIMULIVE_TEST_OFFSET_MS = 300_000;

/**
 * 001 §4, 002 §4.4: how long before the event's start a test (plus its videos' length) must
 * begin. 002 §9 lists 300000, 120000 and 600000 ms and names their sum, 1,020,000 ms: the
 * test's 5-minute wait, the 2-minute margin and 10 minutes to reset the channel before the event.
 */
export const SIMULIVE_TEST_BUFFER_MS = 300_000 + 120_000 + 600_000;

/** 001 §4, 002 §4.4 status texts, verbatim ('Not started' for any other state). */
export const SIMULIVE_TEST_STATUS_TEXT: Readonly<Record<SimuliveTestState, string>> = {
  RUNNING: 'Ongoing',
  STARTING: 'Starting test...',
  STOPPING: 'Stopping Test',
  PROCESSING: 'Processing',
  IDLE: 'Not started',
};
/** Shown instead while a video of the session is not COMPLETE. */
export const SIMULIVE_VIDEOS_PROCESSING_TEXT = 'Processing...';

/** 001 §4, 002 §4.4 button texts, verbatim ('Setting Up' for any other state). */
export const SIMULIVE_TEST_BUTTON_TEXT: Readonly<Record<SimuliveTestState, string>> = {
  IDLE: 'Start Test',
  RUNNING: 'Stop Test',
  STARTING: 'Starting...',
  STOPPING: 'Stopping...',
  PROCESSING: 'Setting Up',
};

/** Why a test cannot start (the server's 400 `code`). */
export const SIMULIVE_TEST_REFUSALS = {
  NOT_SIMULIVE: 'Only a pre-recorded session can be tested.',
  NO_VIDEOS: 'Add a video to the session before testing it.',
  VIDEO_NOT_PROCESSED: 'Every video of the session must be processed before it is tested.',
  SIMULIVE_TEST_RUNNING: 'A test of this session is already running.',
  SIMULIVE_TEST_TOO_LATE:
    'It is too late to test this session: its videos must play out well before the event starts.',
} as const;
export type SimuliveTestRefusal = keyof typeof SIMULIVE_TEST_REFUSALS;

export const simuliveTestMessages = {
  /** 001 §4, 002 §4.3–4.4: the test-run message (our wording of what the spec says it tells). */
  testRun:
    'Testing starts in 2-3 minutes: the videos start playing 5 minutes after the test run starts, and testing ends when all videos have played.',
  /** The failure toast of a start or stop (our wording; the server's message is shown when it has one). */
  failed: 'The test could not be changed, please try again',
} as const;

/** What the rules read of a session (its answer, or its row with the videos' summaries). */
export interface SimuliveTestSession {
  broadcast_type: BroadcastType;
  simulive_test_run_end_time: string | Date | null;
  video_assets: readonly { duration: number | null; transcode_status: string | null }[];
}

const videosProcessing = (session: Pick<SimuliveTestSession, 'video_assets'>) =>
  session.video_assets.some((video) => video.transcode_status !== 'COMPLETE');

/** The videos' total length in ms (unknown lengths count as 0). */
const totalMs = (session: Pick<SimuliveTestSession, 'video_assets'>) =>
  sumSeconds(session.video_assets.map((video) => video.duration)) * 1000;

/**
 * The server's `test_simulive_processing_state`: RUNNING while a test runs, PROCESSING while a
 * video is not COMPLETE, else IDLE; null for sessions that are not pre-recorded.
 */
export function simuliveProcessingState(session: SimuliveTestSession): SimuliveTestState | null {
  if (session.broadcast_type !== 'SIMULIVE') return null;
  if (session.simulive_test_run_end_time) return 'RUNNING';
  return videosProcessing(session) ? 'PROCESSING' : 'IDLE';
}

/** A start or stop call in flight, with the end time the session had when it was made. */
export interface PendingSimuliveTestCall {
  state: 'STARTING' | 'STOPPING';
  endTime: string | null;
}

/**
 * The test channel's state as the studio shows it: a pending call's STARTING or STOPPING while
 * the end time is still the one it saw (a change of the end time clears it), else the server's.
 */
export function simuliveTestState(
  session: SimuliveTestSession & { simulive_test_run_end_time: string | null },
  pending: PendingSimuliveTestCall | null,
): SimuliveTestState {
  if (pending && pending.endTime === session.simulive_test_run_end_time) return pending.state;
  return simuliveProcessingState(session) ?? 'IDLE';
}

export const simuliveTestStatusText = (state: SimuliveTestState, session: SimuliveTestSession) =>
  videosProcessing(session) ? SIMULIVE_VIDEOS_PROCESSING_TEXT : SIMULIVE_TEST_STATUS_TEXT[state];

/** The button is disabled while videos are untranscoded or the state is neither IDLE nor RUNNING. */
export const simuliveTestButtonDisabled = (state: SimuliveTestState, session: SimuliveTestSession) =>
  videosProcessing(session) || (state !== 'IDLE' && state !== 'RUNNING');

/** Why a test cannot start now, or null: SIMULIVE only, processed videos, before start − buffer − videos. */
export function simuliveTestRefusal(
  session: SimuliveTestSession,
  eventStart: Date,
  now: Date,
): SimuliveTestRefusal | null {
  if (session.broadcast_type !== 'SIMULIVE') return 'NOT_SIMULIVE';
  if (session.video_assets.length === 0) return 'NO_VIDEOS';
  if (videosProcessing(session)) return 'VIDEO_NOT_PROCESSED';
  if (session.simulive_test_run_end_time) return 'SIMULIVE_TEST_RUNNING';
  if (now.getTime() >= eventStart.getTime() - SIMULIVE_TEST_BUFFER_MS - totalMs(session))
    return 'SIMULIVE_TEST_TOO_LATE';
  return null;
}

/** A test started at `now` ends when all videos have played, after the 5-minute wait. */
export const simuliveTestEndTime = (session: Pick<SimuliveTestSession, 'video_assets'>, now: Date) =>
  new Date(now.getTime() + SIMULIVE_TEST_OFFSET_MS + totalMs(session));

/** A running test as its channel plays it: the session, its end time and its videos in order. */
export interface SimuliveTestRun {
  session: string;
  end_time: Date | null;
  videos: readonly PlayoutVideo[];
}

/**
 * What the test channel plays at `now`, in the stage's shape: nothing (`none`) until the 5-minute
 * wait is over, then the videos back to back, ending at the test's end (`ended`); `none` with no
 * `until` when no test runs. The videos' slots are the stage's (`videoSlots`), placed so that the
 * last one ends with the test.
 */
export function simuliveTestSourceAt(run: SimuliveTestRun, now: Date): StageSource {
  const nothing = { session: run.session, video: null, hls_url: null, offset_seconds: 0 };
  if (!run.end_time) return { ...nothing, kind: 'none', until: null };
  const end = run.end_time.getTime();
  const t = now.getTime();
  if (t >= end) return { ...nothing, kind: 'ended', until: null };
  const length = videoSlots(0, run.videos).at(-1)?.end ?? 0;
  const slots = videoSlots(end - length, run.videos);
  const slot = slots.find((candidate) => candidate.start <= t && t < candidate.end);
  if (!slot) return { ...nothing, kind: 'none', until: new Date(slots[0]?.start ?? end).toISOString() };
  return {
    kind: 'session_video',
    session: run.session,
    video: slot.video.id,
    hls_url: slot.video.hls_url,
    offset_seconds: (t - slot.start) / 1000,
    until: new Date(slot.end).toISOString(),
  };
}
