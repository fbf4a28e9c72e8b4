import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  TIMEZONE_ALIASES,
  TIMEZONE_NAMES,
  createEventRequestSchema,
  duplicationWorkflowIds,
  eventListQuerySchema,
  eventListWindow,
  UNSCHEDULED_EVENT_TYPES,
  eventMessages,
  eventNotReadyMessage,
  eventTypesOf,
  eventsPageSize,
  isScheduled,
  hubPageScopeQuery,
  occurrencesOf,
  parseTimezoneSuffix,
  planOccurrenceChanges,
  recurrenceRuleSchema,
  resolveTimezone,
  seriesTypeOf,
  tagAlreadyExistsMessage,
  timeRangeText,
  timezoneLabel,
  timezoneOffsetMinutes,
  timezoneOptions,
  truncateTagName,
  wallClock,
  zonedInstant,
  type RecurrenceRuleInput,
} from '../index.ts';

describe('time zones (spec 001 §9, §5)', () => {
  it('offers about 300 named zones, each resolvable, plus aliases mapping to them', () => {
    expect(TIMEZONE_NAMES.length).toBeGreaterThanOrEqual(290);
    expect(TIMEZONE_NAMES.length).toBeLessThanOrEqual(330);
    expect(new Set(TIMEZONE_NAMES).size).toBe(TIMEZONE_NAMES.length);
    for (const target of Object.values(TIMEZONE_ALIASES)) expect(TIMEZONE_NAMES).toContain(target);
    expect(resolveTimezone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(resolveTimezone('US/Eastern')).toBe('America/New_York');
    expect(resolveTimezone('GMT')).toBe('UTC');
    expect(resolveTimezone('Europe/Paris')).toBe('Europe/Paris');
    expect(resolveTimezone('Mars/Olympus')).toBeNull();
  });

  it('says a span of time in a zone, the shared date once', () => {
    // ICU puts narrow and thin spaces around the dash and before AM/PM.
    const text = (start: string, end: string, timezone: string) =>
      timeRangeText(new Date(start), new Date(end), timezone).replace(/\s/g, ' ');
    expect(text('2031-02-03T09:00:00Z', '2031-02-03T10:30:00Z', 'Europe/Paris')).toBe(
      'Feb 3, 2031, 10:00 – 11:30 AM GMT+1',
    );
    expect(text('2031-05-01T13:00:00Z', '2031-05-02T21:00:00Z', 'America/New_York')).toBe(
      'May 1, 2031, 9:00 AM – May 2, 2031, 5:00 PM GMT-4',
    );
  });

  it('labels every zone one way, its GMT offset at the instant: never UTC, EST or a zone name', () => {
    const winter = new Date('2031-01-15T12:00:00Z');
    const summer = new Date('2031-07-15T12:00:00Z');
    expect(timezoneLabel('UTC', winter)).toBe('GMT');
    expect(timezoneLabel('Europe/Lisbon', winter)).toBe('GMT');
    expect(timezoneLabel('Europe/Lisbon', summer)).toBe('GMT+1');
    expect(timezoneLabel('America/New_York', winter)).toBe('GMT-5');
    expect(timezoneLabel('Asia/Kolkata', winter)).toBe('GMT+5:30');
  });

  it('shows each zone with its GMT offset at the given date (summer time included)', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(timezoneOffsetMinutes('Asia/Kolkata', winter)).toBe(330);
    expect(timezoneOffsetMinutes('America/New_York', winter)).toBe(-300);
    expect(timezoneOffsetMinutes('America/New_York', summer)).toBe(-240);
    expect(timezoneOffsetMinutes('UTC', summer)).toBe(0);
    const options = timezoneOptions(winter);
    expect(options).toHaveLength(TIMEZONE_NAMES.length);
    expect(options.find((option) => option.value === 'Asia/Kolkata')).toEqual({
      id: 'Asia/Kolkata',
      label: '(GMT+05:30) Asia/Kolkata',
      value: 'Asia/Kolkata',
      offset: '+05:30',
    });
    const offsets = options.map((option) => timezoneOffsetMinutes(option.value, winter));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it("accepts a +HH:MM suffix and refuses anything else with 'Invalid timezone suffix'", () => {
    expect(parseTimezoneSuffix('+05:30')).toBe(330);
    expect(parseTimezoneSuffix('-03:00')).toBe(-180);
    for (const bad of ['+0530', '05:30', '+5:30', 'IST', '+05:30:00', '+15:00']) {
      expect(() => parseTimezoneSuffix(bad), bad).toThrow('Invalid timezone suffix');
    }
    const parse = (start: string) =>
      createEventRequestSchema.safeParse({ title: 'T', start_time: start, end_time: '2030-01-01T12:00:00Z' });
    expect(parse('2030-01-01T10:00:00+05:30').success).toBe(true);
    expect(parse('2030-01-01T10:00:00Z').success).toBe(true);
    const refused = parse('2030-01-01T10:00:00+0530');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(eventMessages.invalidTimezoneSuffix);
  });

  it('refuses an instant off the calendar instead of rolling it over (31 February, 24:00, year 0000)', () => {
    const parse = (start: string) =>
      createEventRequestSchema.safeParse({ title: 'T', start_time: start, end_time: '2030-01-01T12:00:00Z' });
    for (const bad of [
      '2026-02-31T10:00:00Z',
      '2026-02-29T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-01-01T24:00:00Z',
      '0000-01-01T00:00:00Z',
    ]) {
      const refused = parse(bad);
      expect(refused.success, bad).toBe(false);
      expect(refused.error?.issues[0]?.message, bad).toBe('Enter a valid date and time.');
    }
    expect(parse('2028-02-29T23:59:59+05:30').success).toBe(true);
    expect(parse('0001-01-01T00:00:00Z').success).toBe(true);
  });

  it('converts wall clock and instants in a zone', () => {
    expect(zonedInstant('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(zonedInstant('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    expect(wallClock(new Date('2026-03-08T13:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      time: '09:00',
    });
  });
});

describe('event list rules (spec 001 §2.5, 002 §3.18)', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('upcoming is end ≥ now, past is end ≤ now (both include now), upcoming non-live is start ≥ now', () => {
    expect(eventListWindow('UpcomingEvents', now)).toMatchObject({ end_time_gte: now });
    expect(eventListWindow('PastEvents', now)).toMatchObject({ end_time_lte: now });
    expect(eventListWindow('UpcomingNonLiveEvents', now)).toMatchObject({ start_time_gte: now });
    expect(eventListWindow('AllEvents', now)).toEqual({});
  });

  it('a recording, never over, is upcoming and never past', () => {
    expect(UNSCHEDULED_EVENT_TYPES).toEqual(['Recording']);
    expect(eventListWindow('UpcomingEvents', now).unscheduled).toBe('included');
    expect(eventListWindow('UpcomingNonLiveEvents', now).unscheduled).toBe('included');
    expect(eventListWindow('PastEvents', now).unscheduled).toBe('excluded');
  });

  it('maps types, repeating visibility, hub page scope and page size', () => {
    expect(eventTypesOf('All')).toEqual(['Webinar', 'Conference']);
    expect(eventTypesOf('Recording')).toEqual(['Recording']);
    expect(seriesTypeOf('show')).toBeUndefined();
    expect(seriesTypeOf('hide')).toBe('non_repeating');
    expect(seriesTypeOf('only')).toBe('repeating');
    expect(hubPageScopeQuery('organization')).toEqual({ workspace__isnull: true });
    expect(hubPageScopeQuery('workspace')).toEqual({ workspace__isnull: false });
    expect(eventsPageSize({ notUseRegistrantCounts: false })).toBe(25);
    expect(eventsPageSize({ notUseRegistrantCounts: true })).toBe(10);
  });

  it('reads repeated and comma-separated list parameters and URL-mangled offsets', () => {
    const query = eventListQuerySchema.parse({
      event_type: 'Webinar,Conference',
      tag: ['a', 'b'],
      end_time_gte: '2026-11-22T10:00:00 05:30',
      min: 'true',
    });
    expect(query.event_type).toEqual(['Webinar', 'Conference']);
    expect(query.tag).toEqual(['a', 'b']);
    expect(query.end_time_gte?.toISOString()).toBe('2026-11-22T04:30:00.000Z');
    expect(query.min).toBe(true);
  });

  it('names the duplication workflows and the not-ready message', () => {
    expect(duplicationWorkflowIds('e1')).toEqual({
      parent: 'e1',
      eventDuplication: 'event-duplication-e1',
      asyncDuplication: 'async-duplication-e1',
    });
    expect(eventNotReadyMessage('Reschedule')).toBe(
      "Reschedule couldn't be initiated. The event is still getting ready. Please try again later.",
    );
  });
});

describe('tags (spec 001 §5)', () => {
  it('cuts names in toasts to 20 characters plus an ellipsis', () => {
    expect(truncateTagName('Short')).toBe('Short');
    expect(truncateTagName('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateTagName('123456789012345678901')).toBe('12345678901234567890…');
    expect(tagAlreadyExistsMessage('Product launch webinar series')).toBe(
      'Tag with name "Product launch webin…" already exists in the Tag Library.',
    );
  });
});

describe('recurrence rules', () => {
  const start = { start_date: '2026-03-02', start_time: '09:00', duration_minutes: 60, timezone: 'UTC' };
  const rule = (input: Partial<RecurrenceRuleInput>) => recurrenceRuleSchema.parse({ ...start, ...input });

  it('daily, every n days, until an end date', () => {
    const keys = occurrencesOf(rule({ frequency: 'daily', interval: 2, end_date: '2026-03-09' })).map(
      (o) => o.key,
    );
    expect(keys).toEqual(['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-08']);
  });

  it('weekly on chosen days, from the start date, for a count', () => {
    // 2026-03-04 is a Wednesday: that week's Monday is before the start and not included.
    const occurrences = occurrencesOf(
      rule({ frequency: 'weekly', weekdays: ['FR', 'MO'], start_date: '2026-03-04', count: 4 }),
    );
    expect(occurrences.map((o) => o.key)).toEqual(['2026-03-06', '2026-03-09', '2026-03-13', '2026-03-16']);
    expect(occurrences[0]?.start.toISOString()).toBe('2026-03-06T09:00:00.000Z');
    expect(occurrences[0]?.end.toISOString()).toBe('2026-03-06T10:00:00.000Z');
  });

  it('monthly on the start day, skipping months without it', () => {
    const keys = occurrencesOf(rule({ frequency: 'monthly', start_date: '2026-01-31', count: 4 })).map(
      (o) => o.key,
    );
    expect(keys).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31']);
  });

  it('keeps the local time across summer time', () => {
    const occurrences = occurrencesOf(
      rule({ frequency: 'daily', start_date: '2026-03-07', count: 2, timezone: 'US/Eastern' }),
    );
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ]);
  });

  it('needs an end, weekdays for weekly, and at most 500 occurrences', () => {
    expect(recurrenceRuleSchema.safeParse({ frequency: 'daily', ...start }).success).toBe(false);
    expect(recurrenceRuleSchema.safeParse({ frequency: 'weekly', ...start, count: 3 }).success).toBe(false);
    expect(() => occurrencesOf(rule({ frequency: 'daily', end_date: '2028-03-02' }))).toThrow(
      'at most 500 occurrences',
    );
  });

  it('an edit adds and removes future occurrences only, and never re-creates a deleted date', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    const before = occurrencesOf(rule({ frequency: 'daily', end_date: '2026-03-08' }));
    const existing = before.filter((o) => o.key !== '2026-03-07'); // the organiser deleted the 7th
    const after = rule({ frequency: 'weekly', weekdays: ['MO', 'WE', 'FR'], end_date: '2026-03-13' });
    const plan = planOccurrenceChanges(after, existing, ['2026-03-07'], now);
    // Past (2nd–5th) untouched even though Tuesday and Thursday left the rule.
    expect(plan.remove).toEqual(['2026-03-08']);
    expect(plan.keep.map((o) => o.key)).toEqual(['2026-03-06']);
    expect(plan.add.map((o) => o.key)).toEqual(['2026-03-09', '2026-03-11', '2026-03-13']);
  });
});

describe('isScheduled', () => {
  it('gives every type but a Recording a schedule, and an event of no type yet the default one', () => {
    expect(EVENT_TYPES.filter(isScheduled)).toEqual(['Webinar', 'Conference']);
    expect(isScheduled(undefined)).toBe(true);
  });
});
