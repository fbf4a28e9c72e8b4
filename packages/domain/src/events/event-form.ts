import { z } from 'zod';
import { messages } from '../messages.ts';
import { eventServerMessages } from './messages.ts';
import { zonedInstant } from './timezones.ts';

/** The instant of a wall-clock date (YYYY-MM-DD) and time (HH:MM) in `timezone`, or null when one is missing. */
export const wallClockInstant = (date: string, time: string, timezone: string): Date | null =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) ? zonedInstant(date, time, timezone) : null;

/** The studio's event form: dates and times on the wall clock of `timezone`, as the organiser types them. */
export const eventScheduleFormSchema = z.looseObject({
  eventType: z.string().optional(),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  timezone: z.string(),
});

/** Spec 001 §5: but for a recording, a start, an end after it and a zone. */
function checkSchedule(values: z.output<typeof eventScheduleFormSchema>, context: z.RefinementCtx) {
  if (values.eventType === 'Recording') return;
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (!values.timezone) issue('timezone', messages.fieldRequired);
  const start = wallClockInstant(values.startDate, values.startTime, values.timezone || 'UTC');
  const end = wallClockInstant(values.endDate, values.endTime, values.timezone || 'UTC');
  if (!start) issue('startDate', messages.fieldRequired);
  if (!end) issue('endDate', messages.fieldRequired);
  else if (values.timezone && start && end.getTime() <= start.getTime())
    issue('endDate', eventServerMessages.endBeforeStart);
}

/** Rescheduling an event: its new schedule. */
export const rescheduleFormSchema = eventScheduleFormSchema.superRefine(checkSchedule);

/** Spec 001 §5 "Create event" and the dashboard's details: a title, and the schedule rule above. */
export const eventFormSchema = eventScheduleFormSchema
  .extend({ title: z.string().trim().min(1, messages.fieldRequired) })
  .superRefine(checkSchedule);
