import { describe, expect, it } from 'vitest';
import { eventDateRangeText, eventTimesText } from './timezones.ts';

describe('eventDateRangeText: an event span in its own zone', () => {
  it.each([
    {
      says: 'both days of a two-day event (Europe/Berlin, winter: GMT+1)',
      span: ['2026-11-26T19:00:00Z', '2026-11-27T17:00:00Z', 'Europe/Berlin'],
      text: 'Nov 26, 8:00 PM – Nov 27, 6:00 PM GMT+1',
    },
    {
      says: 'the day once within one day',
      span: ['2026-11-26T19:00:00Z', '2026-11-26T21:00:00Z', 'Europe/Berlin'],
      text: 'Nov 26, 8:00 – 10:00 PM GMT+1',
    },
    {
      says: 'the days in the event zone: one UTC day is two days in Tokyo',
      span: ['2026-11-26T10:00:00Z', '2026-11-26T16:00:00Z', 'Asia/Tokyo'],
      text: 'Nov 26, 7:00 PM – Nov 27, 1:00 AM GMT+9',
    },
    {
      says: 'a half-hour zone',
      span: ['2026-07-01T04:30:00Z', '2026-07-02T12:00:00Z', 'Asia/Kolkata'],
      text: 'Jul 1, 10:00 AM – Jul 2, 5:30 PM GMT+5:30',
    },
    {
      says: 'a zone west of GMT',
      span: ['2026-07-01T22:00:00Z', '2026-07-02T02:00:00Z', 'America/New_York'],
      text: 'Jul 1, 6:00 – 10:00 PM GMT-4',
    },
    {
      says: 'UTC as GMT',
      span: ['2026-03-01T09:00:00Z', '2026-03-03T17:00:00Z', 'UTC'],
      text: 'Mar 1, 9:00 AM – Mar 3, 5:00 PM GMT',
    },
  ] as const)('says $says', ({ span: [start, end, zone], text }) => {
    expect(eventDateRangeText(new Date(start), new Date(end), zone)).toBe(text);
  });
});

describe('eventTimesText: the Time row beside the Date and Timezone rows', () => {
  it.each([
    {
      says: 'only the times within one day, no date and no zone',
      span: ['2026-11-30T18:20:00Z', '2026-11-30T19:20:00Z', 'UTC'],
      text: '6:20 – 7:20 PM',
    },
    {
      says: 'the days of a span that crosses midnight in the event zone',
      span: ['2026-11-26T10:00:00Z', '2026-11-26T16:00:00Z', 'Asia/Tokyo'],
      text: 'Nov 26, 7:00 PM – Nov 27, 1:00 AM',
    },
  ] as const)('says $says', ({ span: [start, end, zone], text }) => {
    expect(eventTimesText(new Date(start), new Date(end), zone)).toBe(text);
  });
});
