import { describe, expect, it } from 'vitest';
import {
  agendaServerMessages,
  createAgendaItemSchema,
  eventDays,
  groupByDay,
  overlapsByTrack,
  programmeTimeErrors,
  sessionPlanFeatures,
  sessionTypeOf,
  trackPlanFeatures,
  videoLengthStatus,
} from '../index.ts';

const at = (hour: number, minute = 0) => new Date(Date.UTC(2031, 0, 10, hour, minute)).toISOString();
const event = { start_time: at(9), end_time: at(17) };

describe('programme rules', () => {
  it('keeps a block within its event, ending after it starts', () => {
    expect(programmeTimeErrors({ start_time: at(10), end_time: at(11) }, event)).toEqual({});
    expect(programmeTimeErrors({ start_time: at(9), end_time: at(17) }, event)).toEqual({});
    expect(programmeTimeErrors({ start_time: at(8), end_time: at(18) }, event)).toEqual({
      start_time: [agendaServerMessages.startBeforeEvent],
      end_time: [agendaServerMessages.endAfterEvent],
    });
    expect(programmeTimeErrors({ start_time: at(11), end_time: at(10) }, event)).toEqual({
      end_time: [agendaServerMessages.endBeforeStart],
    });
  });

  it('finds overlaps within a track only; touching blocks do not overlap', () => {
    const overlaps = overlapsByTrack([
      { id: 'a', track: 't1', start_time: at(9), end_time: at(10) },
      { id: 'b', track: 't1', start_time: at(10), end_time: at(11) },
      { id: 'c', track: 't1', start_time: at(9, 30), end_time: at(10, 30) },
      { id: 'd', track: 't2', start_time: at(9), end_time: at(12) },
      { id: 'e', track: 't1', start_time: at(8), end_time: at(12) },
    ]);
    expect(Object.fromEntries([...overlaps].map(([id, ids]) => [id, [...ids].sort()]))).toEqual({
      a: ['c', 'e'],
      b: ['c', 'e'],
      c: ['a', 'b', 'e'],
      d: [],
      e: ['a', 'b', 'c'],
    });
  });

  it('measures the videos against the session with the 2-minute margin', () => {
    const hour = { start_time: at(10), end_time: at(11) };
    expect(videoLengthStatus(hour, [58 * 60])).toBe('OK');
    expect(videoLengthStatus(hour, [28 * 60, 28 * 60, null])).toBe('OK');
    expect(videoLengthStatus(hour, [59 * 60])).toBe('TOO_LONG');
    expect(videoLengthStatus(hour, [55 * 60])).toBe('TOO_SHORT');
  });

  it('groups by local day in the event’s time zone', () => {
    const lateUtc = { start_time: at(23), end_time: at(23, 30) };
    const morning = { start_time: at(9), end_time: at(10) };
    expect(groupByDay([lateUtc, morning], 'UTC').map((group) => group.day)).toEqual(['2031-01-10']);
    expect(groupByDay([lateUtc, morning], 'Asia/Tokyo')).toEqual([
      { day: '2031-01-10', items: [morning] },
      { day: '2031-01-11', items: [lateUtc] },
    ]);
    expect(eventDays(event, 'UTC')).toEqual(['2031-01-10']);
    expect(
      eventDays({ start_time: at(9), end_time: new Date(Date.UTC(2031, 0, 11)).toISOString() }, 'UTC'),
    ).toEqual(['2031-01-10']);
    expect(eventDays({ start_time: at(20), end_time: at(22) }, 'Asia/Tokyo')).toEqual(['2031-01-11']);
    expect(eventDays({ start_time: at(9), end_time: at(17) }, 'Asia/Tokyo')).toEqual([
      '2031-01-10',
      '2031-01-11',
    ]);
  });

  it('names the plan features a session or track needs', () => {
    expect(sessionPlanFeatures({ broadcastType: 'LIVE', sessionCount: 1, eventSpansDays: false })).toEqual(
      [],
    );
    expect(sessionPlanFeatures({ broadcastType: 'SIMULIVE', sessionCount: 2, eventSpansDays: true })).toEqual(
      ['prerecordedSessions', 'multiSession', 'multiDay'],
    );
    expect(sessionPlanFeatures({ broadcastType: 'RTMP', sessionCount: 1, eventSpansDays: false })).toEqual([
      'rtmp',
    ]);
    expect(trackPlanFeatures(1)).toEqual([]);
    expect(trackPlanFeatures(2)).toEqual(['multiTrack']);
    expect(sessionTypeOf('SIMULIVE')).toEqual({ id: 2, label: 'Pre-recorded', broadcast_type: 'SIMULIVE' });
  });

  it('needs a session for a session block and a title and times for the others', () => {
    const track = '00000000-0000-4000-8000-000000000001';
    const base = { event: 'e', track };
    expect(createAgendaItemSchema.safeParse({ ...base, kind: 'session' }).error?.issues[0]?.path).toEqual([
      'broadcast',
    ]);
    const untitled = createAgendaItemSchema.safeParse({ ...base, kind: 'break', broadcast: track });
    expect(untitled.error?.issues.map((issue) => issue.path[0])).toEqual([
      'broadcast',
      'title',
      'start_time',
      'end_time',
    ]);
    expect(
      createAgendaItemSchema.safeParse({
        ...base,
        kind: 'room',
        title: 'Lobby',
        start_time: at(9),
        end_time: at(10),
      }).success,
    ).toBe(true);
  });
});
