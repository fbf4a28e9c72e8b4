import { describe, expect, it } from 'vitest';
import {
  agendaDays,
  agendaPlanFeature,
  createBroadcastRequestSchema,
  overlapsByTrack,
  videoLengthCheck,
} from './agenda.ts';

const at = (hhmm: string, day = '2031-03-01') => `${day}T${hhmm}:00Z`;
const block = (id: string, track: string, start: string, end: string, kind = 'session' as const) => ({
  id,
  track,
  kind,
  start_time: at(start),
  end_time: at(end),
});

describe('the agenda rules', () => {
  it('finds overlapping sessions per track; touching blocks, breaks and other tracks do not overlap', () => {
    const overlaps = overlapsByTrack([
      block('a', 't1', '09:00', '10:00'),
      block('b', 't1', '09:30', '11:00'),
      block('c', 't1', '11:00', '12:00'),
      block('d', 't2', '09:00', '12:00'),
      { ...block('e', 't1', '09:15', '09:45'), kind: 'break' as const },
      block('f', 't1', '08:00', '13:00'),
    ]);
    expect(Object.fromEntries(overlaps)).toEqual({
      a: ['f', 'b'],
      b: ['f', 'a'],
      c: ['f'],
      d: [],
      e: [],
      f: ['a', 'b', 'c'],
    });
  });

  it('flags videos longer than the session minus 2 minutes, or shorter by more than 2 minutes', () => {
    const session = { start_time: at('09:00'), end_time: at('09:30') };
    expect(videoLengthCheck(session, []).problem).toBeNull();
    expect(videoLengthCheck(session, [{ duration: 1680 }]).problem).toBeNull();
    expect(videoLengthCheck(session, [{ duration: 1000 }, { duration: 700 }]).problem).toBe('too-long');
    expect(videoLengthCheck(session, [{ duration: 1500 }])).toEqual({
      totalSeconds: 1500,
      sessionSeconds: 1800,
      problem: 'too-short',
    });
  });

  it("groups a multi-day agenda by day in the event's timezone", () => {
    const days = agendaDays(
      [{ start_time: '2031-03-01T23:30:00Z' }, { start_time: '2031-03-01T08:00:00Z' }],
      'Europe/Paris',
    );
    expect(days.map((day) => [day.day, day.items.length])).toEqual([
      ['2031-03-01', 1],
      ['2031-03-02', 1],
    ]);
  });

  it('names the plan features a change needs (spec 002 §6)', () => {
    expect(agendaPlanFeature({ broadcastType: 'LIVE', sessionsBefore: 0, tracksBefore: 0 })).toEqual([]);
    expect(agendaPlanFeature({ broadcastType: 'SIMULIVE', sessionsBefore: 1 })).toEqual([
      'prerecordedSessions',
      'multiSession',
    ]);
    expect(agendaPlanFeature({ broadcastType: 'RTMP', laterDay: true })).toEqual(['rtmp', 'multiDay']);
    expect(agendaPlanFeature({ tracksBefore: 2 })).toEqual(['multiTrack']);
  });

  it('refuses a session that ends before it starts, on end_time', () => {
    const parsed = createBroadcastRequestSchema.safeParse({
      event: '7f4ab2f4-5f43-4f62-9f83-1f5c2ad0c8b1',
      title: 'Keynote',
      start_time: at('10:00'),
      end_time: at('09:00'),
      broadcast_type: 'LIVE',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['end_time']);
  });
});
