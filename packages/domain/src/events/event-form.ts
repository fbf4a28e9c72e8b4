import { z } from 'zod';
import { DATE_VALUE as DATE, TIME_VALUE as TIME, dateInputError } from '../date-input.ts';
import { messages } from '../messages.ts';
import { isScheduled } from './enums.ts';
import { eventServerMessages } from './messages.ts';
import { zonedInstant } from './timezones.ts';

/*
 * The studio's event and series forms, as the organiser types them (wall-clock dates and times).
 * Every rule is a check of its own, so the form shows all of its errors at once.
 */

/** The instant of a wall-clock date (YYYY-MM-DD) and time (HH:MM) in `timezone`, or null when one is missing. */
export const wallClockInstant = (date: string, time: string, timezone: string): Date | null =>
  DATE.test(date) && TIME.test(time) ? zonedInstant(date, time, timezone) : null;

type Issue = (path: (string | number)[], message: string) => void;
const issuesOf =
  (context: z.RefinementCtx, prefix: string[] = []): Issue =>
  (path, message) =>
    context.addIssue({ code: 'custom', path: [...prefix, ...path], message });

const scheduleValues = z.looseObject({
  title: z.string().optional(),
  eventType: z.string().optional(),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  timezone: z.string(),
});

/** A date and time pair as its inputs judge it (002 §5.2): the date's own error, else a missing time. */
function checkWallClock(date: string, time: string, [dateField, timeField]: [string, string], issue: Issue) {
  const dateError = dateInputError(date);
  if (dateError) issue([dateField], dateError);
  else if (!TIME.test(time)) issue([timeField], messages.fieldRequired);
}

/** Spec 001 §5: but for a recording, a start, an end after it and a zone. */
function checkSchedule(values: z.output<typeof scheduleValues>, issue: Issue) {
  if (!isScheduled(values.eventType)) return;
  if (!values.timezone) issue(['timezone'], messages.fieldRequired);
  checkWallClock(values.startDate, values.startTime, ['startDate', 'startTime'], issue);
  checkWallClock(values.endDate, values.endTime, ['endDate', 'endTime'], issue);
  const start = wallClockInstant(values.startDate, values.startTime, values.timezone || 'UTC');
  const end = wallClockInstant(values.endDate, values.endTime, values.timezone || 'UTC');
  if (values.timezone && start && end && end.getTime() <= start.getTime())
    issue(['endDate'], eventServerMessages.endBeforeStart);
}

/** Rescheduling an event: its new schedule. */
export const rescheduleFormSchema = scheduleValues.superRefine((values, context) =>
  checkSchedule(values, issuesOf(context)),
);

/** Spec 001 §5 "Create event", the dashboard's details and Duplicate: a title and the schedule. */
export const eventFormSchema = scheduleValues.superRefine((values, context) => {
  const issue = issuesOf(context);
  if (!values.title?.trim()) issue(['title'], messages.fieldRequired);
  checkSchedule(values, issue);
});

const recurrenceValues = z.looseObject({
  frequency: z.string(),
  interval: z.number(),
  weekdays: z.array(z.string()),
  startDate: z.string(),
  startTime: z.string(),
  durationMinutes: z.number(),
  timezone: z.string(),
  ends: z.enum(['date', 'count']),
  endDate: z.string(),
  count: z.number(),
});

/** The rules of `recurrenceRuleSchema`, on the repeating event's form. */
function checkRecurrence(values: z.output<typeof recurrenceValues>, issue: Issue) {
  checkWallClock(values.startDate, values.startTime, ['startDate', 'startTime'], issue);
  if (!(values.durationMinutes >= 1)) issue(['durationMinutes'], messages.fieldRequired);
  if (!(values.interval >= 1)) issue(['interval'], messages.fieldRequired);
  if (!values.timezone) issue(['timezone'], messages.fieldRequired);
  if (values.frequency === 'weekly' && values.weekdays.length === 0)
    issue(['weekdays'], eventServerMessages.recurrenceNeedsWeekdays);
  if (values.ends === 'date') {
    const endError = dateInputError(values.endDate, { min: values.startDate });
    if (endError) issue(['endDate'], endError);
  } else if (!(values.count >= 1)) issue(['count'], eventServerMessages.recurrenceNeedsEnd);
}

/** Creating or editing a series: a name and, when it repeats, its schedule under `recurrence`. */
export const seriesFormSchema = z
  .looseObject({
    name: z.string(),
    repeating: z.boolean().optional(),
    recurrence: recurrenceValues.nullable(),
  })
  .superRefine((values, context) => {
    if (!values.name.trim()) issuesOf(context)(['name'], messages.fieldRequired);
    if (values.recurrence && values.repeating !== false)
      checkRecurrence(values.recurrence, issuesOf(context, ['recurrence']));
  });

/** Spec 001 §5: a template's title (trimmed) and, when made from an event, that event. */
export const templateDetailsFormSchema = z.looseObject({
  title: z.string().trim().min(1, messages.fieldRequired),
  event: z.string({ error: messages.fieldRequired }).optional(),
});

/** "Create event from template": a title and a start (date and time); the end follows the template. */
export const eventFromTemplateFormSchema = z
  .looseObject({ title: z.string(), date: z.string(), time: z.string() })
  .superRefine((values, context) => {
    const issue = issuesOf(context);
    if (!values.title.trim()) issue(['title'], messages.fieldRequired);
    checkWallClock(values.date, values.time, ['date', 'time'], issue);
  });
