import { describe, expect, it } from 'vitest';
import { inviteUserFormSchema } from '../identity.ts';
import { dateInputError, timeInputError } from '../date-input.ts';
import { messages } from '../messages.ts';
import { eventFormSchema, eventFromTemplateFormSchema, seriesFormSchema } from './event-form.ts';

const errorsOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('studio form schemas', () => {
  it('reports every problem of the event form at once', () => {
    const result = eventFormSchema.safeParse({
      title: ' ',
      startDate: '',
      startTime: '10:00',
      endDate: '',
      endTime: '11:00',
      timezone: '',
    });
    expect(errorsOf(result)).toEqual({
      title: messages.fieldRequired,
      timezone: messages.fieldRequired,
      startDate: 'Please enter a valid date',
      endDate: 'Please enter a valid date',
    });
  });

  it('judges dates and times as their inputs do (002 §5.2)', () => {
    const values = { title: 'Launch', startTime: '10:00', endTime: '', timezone: 'UTC' };
    expect(
      errorsOf(eventFormSchema.safeParse({ ...values, startDate: '2027-02-30', endDate: '2027-03-01' })),
    ).toEqual({ startDate: 'Please enter a valid date', endTime: messages.fieldRequired });
    expect(dateInputError('2027-03-02', { max: '2027-03-01' })).toBe('Value must be 01/03/2027 or earlier');
    expect(dateInputError('2027-02-28', { min: '2027-03-01' })).toBe('Value must be 01/03/2027 or later');
    expect(dateInputError('2027-13-01')).toBe('Please enter a valid date');
    expect(dateInputError('2027-03-01', { min: '2027-03-01', max: '2027-03-01' })).toBeNull();
    expect(timeInputError('10:00', { after: '10:00' })).toBe('Value must be after 10:00');
    expect(timeInputError('23:59', { before: '18:00' })).toBe('Value must be before 18:00');
  });

  it('checks the schedule of a series only when it repeats', () => {
    const recurrence = {
      frequency: 'weekly',
      interval: 1,
      weekdays: [],
      startDate: '2027-01-04',
      startTime: '10:00',
      durationMinutes: 60,
      timezone: 'UTC',
      ends: 'count',
      endDate: '',
      count: 10,
    };
    expect(seriesFormSchema.safeParse({ name: 'Weekly', repeating: false, recurrence }).success).toBe(true);
    expect(errorsOf(seriesFormSchema.safeParse({ name: '', repeating: true, recurrence }))).toEqual({
      name: messages.fieldRequired,
      'recurrence.weekdays': 'Choose at least one day of the week.',
    });
  });

  it('needs a title and a start for an event made from a template', () => {
    expect(
      errorsOf(eventFromTemplateFormSchema.safeParse({ title: '', date: '2027-01-04', time: '' })),
    ).toEqual({
      title: messages.fieldRequired,
      time: messages.fieldRequired,
    });
  });

  it('needs an email, names and a role to invite someone', () => {
    const result = inviteUserFormSchema.safeParse({ email: '', first_name: '', last_name: 'B', role: null });
    expect(errorsOf(result)).toEqual({
      email: messages.fieldRequired,
      first_name: messages.fieldRequired,
      role: messages.fieldRequired,
    });
    expect(
      errorsOf(
        inviteUserFormSchema.safeParse({ email: 'x', first_name: 'A', last_name: 'B', role: 'ORG_ADMIN' }),
      ),
    ).toEqual({
      email: 'Enter a valid email address.',
    });
  });
});
