import { describe, expect, it } from 'vitest';
import {
  EMAIL_TYPES,
  EMAIL_TYPE_NAMES,
  emailScheduleErrors,
  emailScheduleMessages,
  emailScheduleTimeError,
  emailTypeDefinition,
  offsetMinutes,
  offsetOf,
  scheduledSendTime,
  scheduleSends,
  scheduleSkipped,
  type EmailSchedule,
  type EmailScheduleContext,
  type EmailType,
  type ScheduleState,
} from './schedules.ts';
import { emailTemplateMessages, templateHasSubject } from './templates.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2030-01-01T00:00:00Z');
/** A plain event (not repeating, of no series or template) running from `start` to `end` after now. */
const plainEvent = (start: number, end: number): EmailScheduleContext => ({
  startTime: new Date(now.getTime() + start),
  endTime: new Date(now.getTime() + end),
  isRepeatingEvent: false,
  seriesId: null,
  eventTemplateId: null,
});

describe('email types (001 §9)', () => {
  it.each([
    ['Registration', 0],
    ['Waitlist', 0],
    ['OnDemand', 0],
    ['Reminder-5m', 5],
    ['Reminder-1h', 60],
    ['Reminder-4h', 240],
    ['Reminder-12h', 720],
    ['Reminder-1d', 1440],
    ['Reminder-2d', 2880],
    ['Reminder-7d', 10080],
    ['Post-Event-Attendee-1d', 1440],
    ['Post-Event-Non-Attendee-1d', 1440],
    ['SpkInvite', 0],
    ['StaffInvite', 0],
    ['Spk-Reminder-1h', 60],
    ['Spk-Reminder-1d', 1440],
    ['Staff-Reminder-1h', 60],
    ['Staff-Reminder-1d', 1440],
  ] as const)('%s is %i minutes from its anchor', (name, minutes) => {
    expect(emailTypeDefinition(name).minutes).toBe(minutes);
  });

  it('lists every type once, in the names order', () => {
    expect(EMAIL_TYPES.map((definition) => definition.emailType)).toEqual([...EMAIL_TYPE_NAMES]);
  });

  it('reminders come before the start, post-event emails after the end, to their audience', () => {
    expect(emailTypeDefinition('Reminder-7d').relativeTime).toBe('BEFORE_START');
    expect(emailTypeDefinition('Post-Event-Attendee-1d')).toMatchObject({
      relativeTime: 'AFTER_END',
      audience: 'Event Attendees',
    });
    expect(emailTypeDefinition('Post-Event-Non-Attendee-1d').audience).toBe('Non-Attendees');
  });

  it('Registration, SpkInvite and StaffInvite are sent on creation, not by the scheduler', () => {
    for (const name of ['Registration', 'SpkInvite', 'StaffInvite'] as const)
      expect(emailTypeDefinition(name).trigger).toBe('on-action');
  });
});

describe('offsets', () => {
  it('a week is 10080 minutes', () => {
    expect(offsetMinutes({ weeks: 1, days: 0, hours: 0, minutes: 0 })).toBe(10080);
  });

  it('splits minutes into weeks, days, hours and minutes and back', () => {
    expect(offsetOf(10080 + 2 * 1440 + 3 * 60 + 4)).toEqual({ weeks: 1, days: 2, hours: 3, minutes: 4 });
    expect(offsetMinutes(offsetOf(2880))).toBe(2880);
  });

  it('anchors on the start or end, before or after', () => {
    const event = { startTime: new Date('2030-01-10T10:00:00Z'), endTime: new Date('2030-01-10T12:00:00Z') };
    const oneHour = { weeks: 0, days: 0, hours: 1, minutes: 0 };
    expect(scheduledSendTime(event, { ...oneHour, relativeTime: 'BEFORE_START' }).toISOString()).toBe(
      '2030-01-10T09:00:00.000Z',
    );
    expect(scheduledSendTime(event, { ...oneHour, relativeTime: 'AFTER_END' }).toISOString()).toBe(
      '2030-01-10T13:00:00.000Z',
    );
    expect(scheduledSendTime(event, { ...oneHour, relativeTime: 'AFTER_START' }).toISOString()).toBe(
      '2030-01-10T11:00:00.000Z',
    );
    expect(scheduledSendTime(event, { ...oneHour, relativeTime: 'BEFORE_END' }).toISOString()).toBe(
      '2030-01-10T11:00:00.000Z',
    );
  });
});

describe('schedule bounds (001 §5)', () => {
  const event = plainEvent(200 * DAY, 201 * DAY);
  const at = (ms: number) => new Date(now.getTime() + ms);

  it.each([
    ['in the past', at(-1000), emailScheduleMessages.inPast],
    ['less than 30 minutes from now', at(29 * 60_000), emailScheduleMessages.tooSoon],
    ['more than 180 days before the start', at(10 * DAY), emailScheduleMessages.beforeWindow],
    ['more than 30 days after the end', at(232 * DAY), emailScheduleMessages.afterWindow],
    ['within the bounds', at(30 * DAY), null],
    ['exactly 30 minutes ahead, 180 days before the start', at(200 * DAY - 180 * DAY), null],
    ['30 days after the end', at(231 * DAY), null],
  ])('%s', (_name, sendAt, message) => {
    expect(emailScheduleTimeError(sendAt, event, now)).toBe(message);
  });

  it('keeps the four messages verbatim', () => {
    expect(Object.values(emailScheduleMessages).slice(0, 4)).toEqual([
      'Email Schedule Time cannot be before 180 days from event start time',
      'Email Schedule Time cannot be more than 1 month from now',
      'Email Schedule Time cannot be in the past',
      'Email Schedule Time cannot be less than 30 minutes from now',
    ]);
  });

  it('does not validate repeating, series or template events', () => {
    const past = at(-DAY);
    expect(emailScheduleTimeError(past, { ...event, isRepeatingEvent: true }, now)).toBeNull();
    expect(emailScheduleTimeError(past, { ...event, seriesId: 's' }, now)).toBeNull();
    expect(emailScheduleTimeError(past, { ...event, eventTemplateId: 't' }, now)).toBeNull();
  });
});

/** The reminder a day before, as the studio saves it by default (no template of its own chosen). */
const dayBefore: ScheduleState = {
  emailType: 'Reminder-1d',
  active: true,
  relativeTime: 'BEFORE_START',
  weeks: 0,
  days: 1,
  hours: 0,
  minutes: 0,
  emailTemplate: null,
};

describe("a save's rules", () => {
  // Starts in six hours: its default reminder a day before is already past.
  const event = plainEvent(6 * HOUR, 7 * HOUR);

  it('does not refuse a past schedule the save leaves active at its time', () => {
    expect(emailScheduleErrors(dayBefore, dayBefore, event, now)).toEqual({});
    expect(emailScheduleErrors({ ...dayBefore, emailTemplate: 't-1' }, dayBefore, event, now)).toEqual({});
    expect(emailScheduleErrors({ ...dayBefore, days: 0, hours: 2 }, dayBefore, event, now)).toEqual({});
  });

  it('refuses a schedule the save puts in the past, or switches on there, with the spec message', () => {
    const past = { time: 'Email Schedule Time cannot be in the past' };
    expect(emailScheduleErrors({ ...dayBefore, hours: 1 }, dayBefore, event, now)).toEqual(past);
    expect(emailScheduleErrors(dayBefore, { ...dayBefore, active: false }, event, now)).toEqual(past);
    expect(emailScheduleErrors(dayBefore, undefined, event, now)).toEqual(past);
    const speakers = { ...dayBefore, emailType: 'Spk-Reminder-1d' as const };
    expect(emailScheduleErrors(speakers, speakers, event, now)).toEqual({});
    expect(emailScheduleErrors({ ...dayBefore, active: false, hours: 3 }, dayBefore, event, now)).toEqual({});
    expect(emailScheduleErrors({ ...dayBefore, hours: 1 }, dayBefore, null, now)).toEqual({});
  });

  it('an active custom email needs a template chosen', () => {
    const custom: ScheduleState = { ...dayBefore, emailType: 'Custom', days: 0, hours: 2 };
    expect(emailScheduleErrors(custom, undefined, event, now)).toEqual({
      email_template: 'Choose a template for the custom email.',
    });
    expect(emailScheduleErrors({ ...custom, emailTemplate: 't-1' }, undefined, event, now)).toEqual({});
    expect(emailScheduleErrors({ ...custom, active: false }, undefined, event, now)).toEqual({});
    expect(emailScheduleErrors(custom, custom, null, now).email_template).toBe(
      emailScheduleMessages.templateRequired,
    );
  });
});

describe('a template is sent only with a subject', () => {
  it('needs a subject of more than blanks', () => {
    expect(templateHasSubject({ subject: 'Hello {{ first_name }}' })).toBe(true);
    expect(templateHasSubject({ subject: '' })).toBe(false);
    expect(templateHasSubject({ subject: '   ' })).toBe(false);
  });

  it('refuses an active schedule whose chosen template has none, on its template field', () => {
    const reminder: ScheduleState = { ...dayBefore, emailTemplate: 't-1' };
    const empty = { subject: ' ' };
    expect(emailScheduleErrors(reminder, reminder, null, now, empty)).toEqual({
      email_template: emailTemplateMessages.subjectMissing,
    });
    expect(emailScheduleErrors({ ...reminder, active: false }, reminder, null, now, empty)).toEqual({});
    expect(emailScheduleErrors(reminder, reminder, null, now, { subject: 'Tomorrow' })).toEqual({});
  });
});

describe('scheduleSkipped: an active schedule whose time had passed when it was set', () => {
  const set = (minutesAfterItsTime: number) => ({
    active: true,
    sendAt: now,
    plannedFrom: new Date(now.getTime() + minutesAfterItsTime * 60_000),
  });
  it('the scheduler sends nothing late; people’s reminders still go within their ten minutes', () => {
    expect(scheduleSkipped('Reminder-1d', set(1))).toBe(true);
    expect(scheduleSkipped('Reminder-1d', set(0))).toBe(false);
    expect(scheduleSkipped('Spk-Reminder-1d', set(5))).toBe(false);
    expect(scheduleSkipped('Staff-Reminder-1h', set(11))).toBe(true);
  });
  it('never for a switched-off schedule, one without a time or one sent on an action', () => {
    expect(scheduleSkipped('Reminder-1d', { ...set(60), active: false })).toBe(false);
    expect(scheduleSkipped('Reminder-1d', { ...set(60), sendAt: null })).toBe(false);
    expect(scheduleSkipped('Registration', set(60))).toBe(false);
  });
});

describe('scheduleSends: whether an active schedule goes out', () => {
  const schedule = (emailType: EmailType, changes: Partial<EmailSchedule> = {}): EmailSchedule => ({
    id: 's',
    email_type: emailType,
    active: true,
    relativeTime: 'BEFORE_START',
    ...offsetOf(emailTypeDefinition(emailType).minutes),
    schedule_time: now.toISOString(),
    audience: 'All Registrants',
    email_template: null,
    trigger: emailTypeDefinition(emailType).trigger,
    skipped: false,
    ...changes,
  });
  it('an event’s timed email at its send time, an on-action email on its action', () => {
    expect(scheduleSends(schedule('Reminder-1d'), true)).toBe(true);
    expect(scheduleSends(schedule('Registration', { schedule_time: null }), true)).toBe(true);
  });
  it('not when switched off, skipped, or timed on an event without a schedule (a recording)', () => {
    expect(scheduleSends(schedule('Reminder-1d', { active: false }), true)).toBe(false);
    expect(scheduleSends(schedule('Reminder-1d', { skipped: true }), true)).toBe(false);
    expect(scheduleSends(schedule('Reminder-1d', { schedule_time: null }), true)).toBe(false);
  });
  it('a template’s or series’ timed email, which has no time of its own, for its events', () => {
    expect(scheduleSends(schedule('Reminder-1d', { schedule_time: null }), false)).toBe(true);
  });
});
