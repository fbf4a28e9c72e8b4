import { describe, expect, it } from 'vitest';
import {
  SIMULIVE_TEST_BUFFER_MS,
  SIMULIVE_TEST_OFFSET_MS,
  simuliveProcessingState,
  simuliveTestButtonDisabled,
  simuliveTestEndTime,
  simuliveTestRefusal,
  simuliveTestSourceAt,
  simuliveTestState,
  simuliveTestStatusText,
  SIMULIVE_TEST_BUTTON_TEXT,
  type SimuliveTestSession,
} from './simulive-test.ts';

const END = '2031-05-04T09:00:00.000Z';
const complete = (minutes: number) => ({ duration: minutes * 60, transcode_status: 'COMPLETE' });
type Answered = SimuliveTestSession & { simulive_test_run_end_time: string | null };
const session = (fields: Partial<Answered> = {}): Answered => ({
  broadcast_type: 'SIMULIVE',
  simulive_test_run_end_time: null,
  video_assets: [complete(10), complete(20)],
  ...fields,
});
const running = session({ simulive_test_run_end_time: END });
const processing = session({
  video_assets: [complete(10), { duration: null, transcode_status: 'PROCESSING' }],
});

describe('the simulive test channel (001 §4, 002 §4.4)', () => {
  it('is RUNNING with an end time, else IDLE; PROCESSING while a video is not COMPLETE', () => {
    expect(simuliveProcessingState(session())).toBe('IDLE');
    expect(simuliveProcessingState(running)).toBe('RUNNING');
    expect(simuliveProcessingState(processing)).toBe('PROCESSING');
    expect(simuliveProcessingState(session({ broadcast_type: 'LIVE' }))).toBeNull();
  });

  it('holds a pending call while the end time is the one it saw; a changed end time clears it', () => {
    expect(simuliveTestState(session(), { state: 'STARTING', endTime: null })).toBe('STARTING');
    expect(simuliveTestState(running, { state: 'STARTING', endTime: null })).toBe('RUNNING');
    expect(simuliveTestState(running, { state: 'STOPPING', endTime: END })).toBe('STOPPING');
    expect(simuliveTestState(session(), { state: 'STOPPING', endTime: END })).toBe('IDLE');
    // A failed call is forgotten (no pending call): the server's state shows again.
    expect(simuliveTestState(running, null)).toBe('RUNNING');
  });

  it.each([
    ['IDLE', session(), 'Not started', 'Start Test', false],
    ['RUNNING', running, 'Ongoing', 'Stop Test', false],
    ['STARTING', session(), 'Starting test...', 'Starting...', true],
    ['STOPPING', running, 'Stopping Test', 'Stopping...', true],
    ['PROCESSING', session(), 'Processing', 'Setting Up', true],
    ['IDLE', processing, 'Processing...', 'Start Test', true],
  ] as const)('state %s: status, button text and disabled', (state, of, status, button, disabled) => {
    expect(simuliveTestStatusText(state, of)).toBe(status);
    expect(SIMULIVE_TEST_BUTTON_TEXT[state]).toBe(button);
    expect(simuliveTestButtonDisabled(state, of)).toBe(disabled);
  });

  it('is allowed for a processed SIMULIVE session before event start − 1,020,000 ms − the videos', () => {
    const start = new Date('2031-05-04T12:00:00.000Z');
    // 30 minutes of videos: the last moment to start is 12:00 − 17 min − 30 min = 11:13.
    const latest = new Date(start.getTime() - SIMULIVE_TEST_BUFFER_MS - 30 * 60_000);
    expect(SIMULIVE_TEST_BUFFER_MS).toBe(1_020_000);
    expect(simuliveTestRefusal(session(), start, new Date(latest.getTime() - 1))).toBeNull();
    expect(simuliveTestRefusal(session(), start, latest)).toBe('SIMULIVE_TEST_TOO_LATE');
    expect(simuliveTestRefusal(session({ broadcast_type: 'RTMP' }), start, latest)).toBe('NOT_SIMULIVE');
    expect(simuliveTestRefusal(processing, start, new Date(0))).toBe('VIDEO_NOT_PROCESSED');
    expect(simuliveTestRefusal(session({ video_assets: [] }), start, new Date(0))).toBe('NO_VIDEOS');
    expect(simuliveTestRefusal(running, start, new Date(0))).toBe('SIMULIVE_TEST_RUNNING');
  });

  it('ends when all videos have played, 5 minutes after it starts', () => {
    const now = new Date('2031-05-04T08:00:00.000Z');
    expect(SIMULIVE_TEST_OFFSET_MS).toBe(300_000);
    expect(simuliveTestEndTime(session(), now).toISOString()).toBe('2031-05-04T08:35:00.000Z');
  });
});

describe("the test channel's playout", () => {
  const hls = (id: string) => `https://studio.example/hls/${id}.m3u8`;
  // Started at 08:00: waits until 08:05, then 10 minutes of v1 and 20 of v2, ends at 08:35.
  const run = {
    session: 'b-1',
    end_time: new Date('2031-05-04T08:35:00.000Z'),
    videos: [
      { id: 'v1', duration: 600, hls_url: hls('v1') },
      { id: 'unplayable', duration: null, hls_url: null },
      { id: 'v2', duration: 1200, hls_url: hls('v2') },
    ],
  };
  const at = (time: string) => simuliveTestSourceAt(run, new Date(`2031-05-04T${time}Z`));
  const playing = (video: string, offset: number, until: string) => ({
    kind: 'session_video',
    session: 'b-1',
    video,
    hls_url: hls(video),
    offset_seconds: offset,
    until: `2031-05-04T${until}.000Z`,
  });
  const nothing = { session: 'b-1', video: null, hls_url: null, offset_seconds: 0 };

  it('plays nothing during the 5-minute wait, then the videos in order, then has ended', () => {
    expect(at('08:00:00')).toEqual({ ...nothing, kind: 'none', until: '2031-05-04T08:05:00.000Z' });
    expect(at('08:04:59')).toEqual({ ...nothing, kind: 'none', until: '2031-05-04T08:05:00.000Z' });
    expect(at('08:05:00')).toEqual(playing('v1', 0, '08:15:00'));
    expect(at('08:06:30')).toEqual(playing('v1', 90, '08:15:00'));
    expect(at('08:15:00')).toEqual(playing('v2', 0, '08:35:00'));
    expect(at('08:34:59')).toEqual(playing('v2', 1199, '08:35:00'));
    expect(at('08:35:00')).toEqual({ ...nothing, kind: 'ended', until: null });
  });

  it('plays nothing when no test runs', () => {
    expect(simuliveTestSourceAt({ ...run, end_time: null }, new Date())).toEqual({
      ...nothing,
      kind: 'none',
      until: null,
    });
  });
});
