import { describe, expect, it } from 'vitest';
import { eventTimeStatus } from './event-status.ts';

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
