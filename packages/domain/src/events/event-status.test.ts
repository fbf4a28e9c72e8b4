import { describe, expect, it } from 'vitest';
import { eventBadge, eventOver, eventTimeStatus, seriesTimeStatus } from './event-status.ts';

const event = { start_time: '2026-11-22T15:00:00Z', end_time: '2026-11-22T16:00:00Z' };

describe('eventTimeStatus (002 §4.7a)', () => {
  it.each([
    ['2026-11-22T13:59:59Z', 'UPCOMING'],
    ['2026-11-22T14:00:00Z', 'LIVE'],
    ['2026-11-22T15:30:00Z', 'LIVE'],
    ['2026-11-22T16:00:00Z', 'PAST'],
  ])('at %s the event is %s', (now, status) => {
    expect(eventTimeStatus(event, new Date(now))).toBe(status);
  });

  it('never calls a test event live', () => {
    expect(eventTimeStatus({ ...event, is_test: true }, new Date('2026-11-22T15:30:00Z'))).toBe('UPCOMING');
  });
});

describe('a recording has no schedule (001 §3)', () => {
  const after = new Date('2026-11-22T17:00:00Z');

  it('has no badge and is never over, whatever times it stores', () => {
    expect(eventBadge({ ...event, event_type: 'Recording' }, after)).toBeNull();
    expect(eventOver({ ...event, event_type: 'Recording' }, after)).toBe(false);
  });

  it('leaves the badge of a scheduled event to the time', () => {
    expect(eventBadge({ ...event, event_type: 'Webinar' }, after)).toBe('PAST');
    expect(eventOver({ ...event, event_type: 'Conference' }, after)).toBe(true);
  });
});

describe('seriesTimeStatus', () => {
  const series = { start_time: '2026-11-15T15:00:00Z', end_time: '2026-11-29T16:00:00Z' };
  const nextWeek = { start_time: '2026-11-29T15:00:00Z', end_time: '2026-11-29T16:00:00Z' };

  it.each([
    ['2026-11-14T12:00:00Z', nextWeek, 'UPCOMING'],
    ['2026-11-22T12:00:00Z', nextWeek, 'UPCOMING'],
    ['2026-11-29T14:30:00Z', nextWeek, 'LIVE'],
    ['2026-11-29T16:00:00Z', null, 'PAST'],
  ])('at %s, its first event not ended being %o, the series is %s', (now, current_event, status) => {
    expect(seriesTimeStatus({ ...series, current_event }, new Date(now))).toBe(status);
  });

  it('reads its dates alone without that event, and has no badge without events', () => {
    expect(seriesTimeStatus(series, new Date('2026-11-22T12:00:00Z'))).toBe('LIVE');
    expect(seriesTimeStatus({ start_time: null, end_time: null })).toBeNull();
  });
});
