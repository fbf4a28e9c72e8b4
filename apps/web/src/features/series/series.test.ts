import { schemaResolver } from '@mantine/form';
import { eventServerMessages, seriesFormSchema } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { errorsUnder } from '../../ui/studio-form.ts';
import { newRecurrence, recurrenceRuleOf, type RecurrenceValues } from './recurrence-fields.tsx';
import { seriesDashboardHref, seriesListParams } from './series-page.tsx';

describe('series list address state', () => {
  it('asks for the filter, sort, name and page', () => {
    const params = seriesListParams(
      { search: 'x', filter: 'upcoming', sort: '-events__start_time', tag: '', page: 3 },
      'org-1',
    );
    expect(Object.fromEntries(params)).toMatchObject({
      filtering: 'upcoming',
      ordering: '-events__start_time',
      name: 'x',
      offset: '50',
      limit: '25',
    });
  });

  it('opens a repeating event at its own address', () => {
    expect(seriesDashboardHref({ id: 's1', is_repeating: true })).toBe('/repeating-event/s1/dashboard');
    expect(seriesDashboardHref({ id: 's1', is_repeating: false })).toBe('/series/s1/dashboard');
  });
});

const NEEDS_WEEKDAYS = eventServerMessages.recurrenceNeedsWeekdays;
/** What the series forms show under their schedule for these values. */
const validateRecurrence = (recurrence: RecurrenceValues) =>
  errorsUnder(schemaResolver(seriesFormSchema, { sync: true })({ name: 'Weekly', recurrence }), 'recurrence');

describe('recurrence', () => {
  const rule = { ...newRecurrence(new Date('2026-11-22T12:00:00Z')), timezone: 'UTC' };

  it('accepts the default weekly rule and sends it as the server reads it', () => {
    expect(validateRecurrence(rule)).toEqual({});
    expect(recurrenceRuleOf(rule)).toMatchObject({
      frequency: 'weekly',
      interval: 1,
      start_time: '10:00',
      count: 10,
      end_date: null,
    });
  });

  it('needs weekdays for a weekly rule, an end, and an end date not before the start', () => {
    expect(validateRecurrence({ ...rule, weekdays: [] }).weekdays).toBe(NEEDS_WEEKDAYS);
    expect(validateRecurrence({ ...rule, frequency: 'daily', weekdays: [] })).toEqual({});
    // The end date is a date input whose minimum is the start (002 §5.2).
    expect(validateRecurrence({ ...rule, ends: 'date', endDate: '' }).endDate).toBe(
      'Please enter a valid date',
    );
    expect(
      validateRecurrence({ ...rule, startDate: '2026-11-22', ends: 'date', endDate: '2000-01-01' }).endDate,
    ).toBe('Value must be 22/11/2026 or later');
    expect(
      recurrenceRuleOf({ ...rule, frequency: 'monthly', ends: 'date', endDate: '2027-06-01' }),
    ).toMatchObject({ weekdays: [], end_date: '2027-06-01', count: null });
  });
});
