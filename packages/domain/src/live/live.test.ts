import { describe, expect, it } from 'vitest';
import {
  acceptsPublisher,
  channelStateAt,
  channelStateMessage,
  channelStateOf,
  isRtmpAddress,
  isTestingTime,
  isTestRunning,
  rtmpInputMessages,
  rtmpInputServerMessages,
  streamOf,
  testButtonOf,
  testingNoteOf,
} from '../index.ts';

describe('RTMP inputs (002 §4.3)', () => {
  it('splits an input URL into its stream URL and key (the last path segment)', () => {
    expect(streamOf('rtmp://studio.example:1935/live/k3y')).toEqual({
      url: 'rtmp://studio.example:1935/live',
      key: 'k3y',
    });
    expect(streamOf(null)).toBeNull();
  });

  it('reads the first channel state, NOT_PRESENT without a channel', () => {
    expect(channelStateOf({ channel_states: ['RUNNING'] })).toBe('RUNNING');
    expect(channelStateOf({ channel_states: [] })).toBe('NOT_PRESENT');
  });

  it('is testing time while the event start minus one hour is after now', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(isTestingTime('2026-05-01T11:00:01Z', now)).toBe(true);
    expect(isTestingTime('2026-05-01T11:00:00Z', now)).toBe(false);
  });

  it('gives the status text of each state', () => {
    expect(channelStateMessage('STARTING')).toBe('Preparing to accept stream');
    expect(channelStateMessage('RUNNING')).toBe('Ready to receive incoming stream');
    expect(channelStateMessage('RECOVERING')).toBe('Ready to receive incoming stream');
    expect(channelStateMessage('RECEIVING')).toBe(rtmpInputServerMessages.receivingStream);
    expect(channelStateMessage('DELETED')).toBe('Event has ended. Channel is archived.');
    for (const state of ['IDLE', 'NOT_PRESENT', 'STOPPED'])
      expect(channelStateMessage(state)).toBe('Not accepting incoming stream');
  });

  it('notes why testing is off by the state of the event: live until its end, then archived', () => {
    const event = { start: '2026-05-01T11:00:00Z', end: '2026-05-01T12:00:00Z' };
    expect(testingNoteOf(event, new Date('2026-05-01T09:59:59Z'))).toBeNull();
    expect(testingNoteOf(event, new Date('2026-05-01T10:00:00Z'))).toBe(rtmpInputServerMessages.liveNow);
    expect(testingNoteOf(event, new Date('2026-05-01T11:30:00Z'))).toBe(rtmpInputServerMessages.liveNow);
    expect(testingNoteOf(event, new Date('2026-05-01T12:00:00Z'))).toBe(rtmpInputServerMessages.archived);
  });

  it('gives the test button text and disables it while running or archived', () => {
    expect(testButtonOf('STARTING', true)).toEqual({ text: 'Connecting...', disabled: true });
    expect(testButtonOf('RUNNING', true)).toEqual({ text: 'In Testing', disabled: true });
    expect(testButtonOf('RUNNING', false)).toEqual({ text: 'Running', disabled: true });
    expect(testButtonOf('DELETED', true)).toEqual({ text: 'Channel Archived', disabled: true });
    expect(testButtonOf('IDLE', true)).toEqual({ text: 'Test RTMP In', disabled: false });
    expect(testButtonOf('STOPPED', false)).toEqual({ text: 'Test RTMP In', disabled: false });
  });

  it('runs a test when running, not STARTING, and in testing time', () => {
    expect(isTestRunning('RUNNING', true)).toBe(true);
    expect(isTestRunning('STARTING', true)).toBe(false);
    expect(isTestRunning('RUNNING', false)).toBe(false);
    expect(isTestRunning('IDLE', true)).toBe(false);
  });

  it('accepts RTMP addresses as 002 §5.2 describes', () => {
    expect(isRtmpAddress('rtmp://a.example.com')).toBe(true);
    expect(isRtmpAddress('rtmps://a.example.com:443/live/key')).toBe(true);
    expect(isRtmpAddress('rtmp://10.0.0.1:12345/app')).toBe(true);
    expect(isRtmpAddress('rtmp://a.example.com:123456')).toBe(false);
    expect(isRtmpAddress('http://a.example.com')).toBe(false);
    expect(isRtmpAddress('rtmp://')).toBe(false);
  });

  it('keeps the failed test message verbatim', () => {
    expect(rtmpInputMessages.testFailed).toBe(
      'Testing did not start due to an error! Contact support if the problem persists.',
    );
  });
});

describe('a channel’s state on the clock (ours)', () => {
  const facts = {
    eventStart: new Date('2026-05-01T12:00:00Z'),
    eventEnd: new Date('2026-05-01T14:00:00Z'),
    testRunEnd: null,
    starting: false,
    onAir: false,
    sessionLive: false,
  };
  const at = (iso: string) => new Date(`2026-05-01T${iso}Z`);

  it('is IDLE before the hour before the event, RUNNING from it, DELETED after the end', () => {
    expect(channelStateAt(facts, at('10:59:59'))).toBe('IDLE');
    expect(channelStateAt(facts, at('11:00:00'))).toBe('RUNNING');
    expect(channelStateAt(facts, at('14:00:00'))).toBe('DELETED');
  });

  it('accepts a stream during a test run, STARTING while it opens', () => {
    expect(channelStateAt({ ...facts, starting: true }, at('09:00:00'))).toBe('STARTING');
    const testing = { ...facts, testRunEnd: at('09:30:00') };
    expect(channelStateAt(testing, at('09:00:00'))).toBe('RUNNING');
    expect(channelStateAt({ ...testing, onAir: true }, at('09:00:00'))).toBe('RECEIVING');
    expect(channelStateAt(testing, at('09:30:00'))).toBe('IDLE');
  });

  it('is RECOVERING when a session is live with no publisher', () => {
    expect(channelStateAt({ ...facts, sessionLive: true }, at('12:10:00'))).toBe('RECOVERING');
    expect(channelStateAt({ ...facts, sessionLive: true, onAir: true }, at('12:10:00'))).toBe('RECEIVING');
    expect(acceptsPublisher('RECOVERING')).toBe(true);
    expect(acceptsPublisher('IDLE')).toBe(false);
    expect(acceptsPublisher('STARTING')).toBe(false);
  });
});
