import { describe, expect, it } from 'vitest';
import {
  blockFormSchema,
  sessionFormSchema,
  sessionFormValues,
  sessionRequest,
  type Broadcast,
} from '../index.ts';

const event = { start_time: '2031-03-01T09:00:00Z', timezone: 'Europe/Lisbon' };
const keynote: Broadcast = {
  id: 'b-1',
  event: 'e-1',
  title: 'Keynote',
  description: '',
  start_time: '2031-03-01T10:00:00.000Z',
  end_time: '2031-03-01T11:00:00.000Z',
  broadcast_type: 'RTMP',
  is_live: false,
  simulive_test_run_end_time: null,
  test_simulive_processing_state: null,
  rtmp_input: 'rtmp-1',
  video_assets: [],
  speakers: [],
  tracks: [],
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
};
const trailer = { id: 'v-1', title: 'Trailer', duration: 60, transcode_status: 'COMPLETE', thumbnail: null };

describe('the session form', () => {
  it('starts a new session with no RTMP input, and an RTMP session with its own', () => {
    expect(sessionFormValues(null, event).rtmp_input).toBeNull();
    expect(sessionFormValues(keynote, event)).toMatchObject({ broadcast_type: 'RTMP', rtmp_input: 'rtmp-1' });
  });

  it('starts a new session on the day it is added under, else on the event’s first day', () => {
    expect(sessionFormValues(null, event, ['t-2'], '2031-03-03')).toMatchObject({
      date: '2031-03-03',
      startTime: '09:00',
      tracks: ['t-2'],
    });
    expect(sessionFormValues(null, event).date).toBe('2031-03-01');
  });

  it('sends the input of an RTMP session, and no input for another type', () => {
    const values = sessionFormValues(keynote, event);
    expect(sessionRequest(values, event.timezone)).toMatchObject({
      broadcast_type: 'RTMP',
      rtmp_input: 'rtmp-1',
      start_time: keynote.start_time,
      end_time: keynote.end_time,
      video_assets: [],
    });
    expect(sessionRequest({ ...values, rtmp_input: null }, event.timezone).rtmp_input).toBeNull();
    // A session turned pre-recorded drops its input and keeps its videos.
    expect(
      sessionRequest({ ...values, broadcast_type: 'SIMULIVE', videos: [trailer] }, event.timezone),
    ).toMatchObject({ broadcast_type: 'SIMULIVE', rtmp_input: null, video_assets: ['v-1'] });
    expect(sessionRequest({ ...values, broadcast_type: 'LIVE' }, event.timezone).rtmp_input).toBeNull();
  });

  it('judges its day and times as their inputs do (002 §5.2): the end after the start', () => {
    const values = { ...sessionFormValues(keynote, event), startTime: '11:00', endTime: '10:30' };
    const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues(sessionFormSchema.safeParse(values))).toEqual([['endTime', 'Value must be after 11:00']]);
    expect(issues(blockFormSchema.safeParse({ ...values, endTime: '11:00' }))).toEqual([
      ['endTime', 'Value must be after 11:00'],
    ]);
    expect(issues(sessionFormSchema.safeParse({ ...values, date: '', endTime: '12:00' }))).toEqual([
      ['date', 'Please enter a valid date'],
    ]);
  });
});
