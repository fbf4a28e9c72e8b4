import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_TABS,
  analyticsBeacon,
  analyticsFiguresOf,
  analyticsReportQuery,
  analyticsTableCells,
  analyticsTabsOf,
  attendanceRateOf,
  eventReportQuery,
  isBotUserAgent,
  MAX_BEACON_ACTIONS,
  MAX_WATCHED_SECONDS,
  utmOf,
} from './index.ts';

const SESSION = '7b0c6f52-2c55-4a4b-9f3e-0d1f5f1e2a11';

describe('bots are not attendance', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Mozilla/5.0 (compatible; bingbot/2.0)'],
    ['facebookexternalhit/1.1'],
    ['Slackbot-LinkExpanding 1.0'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0 Safari/537.36'],
    ['curl/8.5.0'],
    ['python-requests/2.31'],
    ['Pingdom.com_bot_version_1.4'],
    [''],
    [undefined],
  ])('%s is a bot', (userAgent) => expect(isBotUserAgent(userAgent)).toBe(true));

  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Version/17.1 Mobile Safari/604.1',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0'],
  ])('%s is a person', (userAgent) => expect(isBotUserAgent(userAgent)).toBe(false));
});

describe('a beacon', () => {
  it('takes a batch of actions with their session', () => {
    const beacon = analyticsBeacon.parse({
      actions: [
        { action: 'session_joined', target: SESSION, mode: 'live' },
        { action: 'watched', target: SESSION, seconds: 30, mode: 'live' },
        { action: 'cta_click', cta: 'demo_request' },
      ],
    });
    expect(beacon.actions).toHaveLength(3);
  });

  it('refuses a heartbeat claiming more than two periods, an unknown action and an empty or oversized batch', () => {
    const watched = { action: 'watched', target: SESSION, seconds: MAX_WATCHED_SECONDS + 1 };
    expect(analyticsBeacon.safeParse({ actions: [watched] }).success).toBe(false);
    expect(analyticsBeacon.safeParse({ actions: [{ action: 'registered' }] }).success).toBe(false);
    expect(analyticsBeacon.safeParse({ actions: [] }).success).toBe(false);
    const many = Array.from({ length: MAX_BEACON_ACTIONS + 1 }, () => ({ action: 'stage_visit' }));
    expect(analyticsBeacon.safeParse({ actions: many }).success).toBe(false);
  });
});

it('reads the UTM parameters of an address', () => {
  expect(utmOf('?utm_source=newsletter&utm_medium=email&x=1')).toEqual({
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: null,
  });
});

it.each(['2026-13-45', '2026-02-29', '2026-11-31', '2026-1-2', '0000-01-01'])(
  'refuses %s, not a day of the calendar',
  (day) => {
    expect(analyticsReportQuery.safeParse({ from: day }).success).toBe(false);
    expect(eventReportQuery.safeParse({ to: day }).success).toBe(false);
  },
);

it('refuses a date range that ends before it starts', () => {
  expect(analyticsReportQuery.safeParse({ from: '2026-11-20', to: '2026-11-19' }).success).toBe(false);
  expect(analyticsReportQuery.safeParse({ from: '2026-11-20', to: '2026-11-20' }).success).toBe(true);
});

it("lays a table out as CSV cells under its columns' labels, unknown tables refused", () => {
  expect(analyticsTableCells('booths', 'booths', [{ name: '=Acme', visits: 3, visitors: 2 }])).toEqual([
    ['Booth', 'Visits', 'Unique visitors'],
    ['=Acme', '3', '2'],
  ]);
  expect(analyticsTableCells('booths', 'sessions', [])).toBeUndefined();
});

describe("an event's attendance rate (Cross-Event and ROI reports)", () => {
  const now = new Date('2026-11-30T12:00:00Z');
  const later = '2026-12-02T10:00:00Z';
  const earlier = '2026-11-29T10:00:00Z';
  it('is none before the event has started while nobody attended', () => {
    expect(attendanceRateOf({ attendees: 0, registrations: 100, start_time: later }, now)).toBeNull();
    expect(attendanceRateOf({ attendees: 0, registrations: 2, start_time: later }, now)).toBeNull();
  });
  it('is the share of registrants who attended once it started (0 % is a figure then)', () => {
    expect(attendanceRateOf({ attendees: 0, registrations: 2, start_time: earlier }, now)).toBe(0);
    expect(attendanceRateOf({ attendees: 1, registrations: 3, start_time: earlier }, now)).toBe(33.3);
    expect(attendanceRateOf({ attendees: 0, registrations: 0, start_time: earlier }, now)).toBeNull();
  });
  it('counts attendees who came in before the start (doors opened early)', () => {
    expect(attendanceRateOf({ attendees: 1, registrations: 2, start_time: later }, now)).toBe(50);
  });
});

describe("an event's analytics tabs", () => {
  it('hides rooms and booths for a webinar (002 §8), and sessions too for a recording, which has no programme', () => {
    expect(analyticsTabsOf('Conference')).toEqual(ANALYTICS_TABS);
    expect(analyticsTabsOf('Webinar')).toEqual(['summary', 'pre-event', 'engagement', 'sessions', 'emails']);
    expect(analyticsTabsOf('Recording')).toEqual(['summary', 'pre-event', 'engagement', 'emails']);
  });

  it('leaves the live figures out of a recording’s summary, watched on demand only', () => {
    const keys = (eventType: string) => analyticsFiguresOf('summary', eventType).map((figure) => figure.key);
    expect(keys('Webinar')).toContain('live_attendees');
    expect(keys('Recording')).not.toContain('live_attendees');
    expect(keys('Recording')).not.toContain('live_minutes');
    expect(keys('Recording')).toContain('on_demand_minutes');
    expect(analyticsFiguresOf('sessions', 'Recording')).toEqual(analyticsFiguresOf('sessions', 'Webinar'));
  });
});
