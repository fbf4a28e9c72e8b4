import { z } from 'zod';
import { messages } from '../messages.ts';
import { eventServerMessages } from './messages.ts';
import { zonedInstant } from './timezones.ts';

/*
 * The studio's event and series forms, as the organiser types them (wall-clock dates and times).
 * Every rule is a check of its own, so the form shows all of its errors at once.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

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

/** Spec 001 §5: but for a recording, a start, an end after it and a zone. */
function checkSchedule(values: z.output<typeof scheduleValues>, issue: Issue) {
  if (values.eventType === 'Recording') return;
  if (!values.timezone) issue(['timezone'], messages.fieldRequired);
  const start = wallClockInstant(values.startDate, values.startTime, values.timezone || 'UTC');
  const end = wallClockInstant(values.endDate, values.endTime, values.timezone || 'UTC');
  if (!start) issue(['startDate'], messages.fieldRequired);
  if (!end) issue(['endDate'], messages.fieldRequired);
  else if (values.timezone && start && end.getTime() <= start.getTime())
    issue(['endDate'], eventServerMessages.endBeforeStart);
}

/** Rescheduling an event: its new schedule. */
export const rescheduleFormSchema = scheduleValues.superRefine((values, context) =>
  checkSchedule(values, issuesOf(context)),
);

/** Spec 001 §5 "Create event" and the dashboard's details: a title and the schedule. */
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
  if (!DATE.test(values.startDate)) issue(['startDate'], messages.fieldRequired);
  if (!TIME.test(values.startTime)) issue(['startTime'], messages.fieldRequired);
  if (!(values.durationMinutes >= 1)) issue(['durationMinutes'], messages.fieldRequired);
  if (!(values.interval >= 1)) issue(['interval'], messages.fieldRequired);
  if (!values.timezone) issue(['timezone'], messages.fieldRequired);
  if (values.frequency === 'weekly' && values.weekdays.length === 0)
    issue(['weekdays'], eventServerMessages.recurrenceNeedsWeekdays);
  if (values.ends === 'date') {
    if (!values.endDate) issue(['endDate'], eventServerMessages.recurrenceNeedsEnd);
    else if (values.endDate < values.startDate)
      issue(['endDate'], eventServerMessages.recurrenceEndBeforeStart);
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
    if (!wallClockInstant(values.date, values.time, 'UTC')) issue(['date'], messages.fieldRequired);
  });
