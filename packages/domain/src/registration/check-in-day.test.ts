import { describe, expect, it } from 'vitest';
import { checkInDayNotice } from './check-in-api.ts';

// An evening event in New York: 3 December 2026, 7–10 PM (00:00–03:00 UTC on the 4th).
const event = {
  start_time: new Date('2026-12-04T00:00:00Z'),
  end_time: new Date('2026-12-04T03:00:00Z'),
  timezone: 'America/New_York',
};

describe('the check-in desk’s notice of a day that is not the event’s', () => {
  it('says when the event starts on a day before it, in the event’s zone', () => {
    expect(checkInDayNotice(event, new Date('2026-11-30T18:00:00Z'))).toBe(
      'This event starts on Dec 3, 2026.',
    );
  });

  it('says nothing on the event’s day, though it is already the next day in UTC', () => {
    expect(checkInDayNotice(event, new Date('2026-12-03T15:00:00Z'))).toBeNull();
    expect(checkInDayNotice(event, new Date('2026-12-04T02:00:00Z'))).toBeNull();
  });

  it('says when the event ended, after its last day', () => {
    expect(checkInDayNotice(event, new Date('2026-12-05T15:00:00Z'))).toBe(
      'This event ended on Dec 3, 2026.',
    );
  });
});
