import { z } from 'zod';
import { required } from './query.ts';
import { eventServerMessages } from './messages.ts';
import { resolveTimezone, zonedInstant } from './timezones.ts';

/**
 * Repeating events: a series whose events follow a rule the organiser sets (daily, weekly on chosen
 * days, monthly). The rule is in the organiser's time zone, so 09:00 stays 09:00 across summer time.
 */
export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** Days of the week as iCalendar names them, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** At most this many occurrences in one repeating event. */
export const MAX_OCCURRENCES = 500;
export const MAX_OCCURRENCE_MINUTES = 7 * 24 * 60;

/** A rule as stored and answered. */
export const recurrenceRuleAnswerSchema = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  /** Every `interval` days, weeks or months. */
  interval: z.number().int().min(1).max(99).default(1),
  /** Weekly only: the days it happens on. */
  weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
  /** The first day (in `timezone`); monthly rules repeat on its day of the month. */
  start_date: z.iso.date({ error: required }),
  /** Local start time, HH:MM. */
  start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the HH:MM format.'),
  duration_minutes: z.number().int().min(1).max(MAX_OCCURRENCE_MINUTES),
  timezone: z.string().refine((name) => resolveTimezone(name) !== null, eventServerMessages.unknownTimezone),
  /** The last day an occurrence may fall on (inclusive) … */
  end_date: z.iso.date().nullable().default(null),
  /** … or the number of occurrences. */
  count: z.number().int().min(1).max(MAX_OCCURRENCES).nullable().default(null),
});

/** A rule as the organiser sends it: checked, the zone resolved, weekdays in order. */
export const recurrenceRuleSchema = recurrenceRuleAnswerSchema
  .superRefine((rule, context) => {
    if (rule.end_date === null && rule.count === null) {
      context.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: eventServerMessages.recurrenceNeedsEnd,
      });
    }
    if (rule.end_date !== null && rule.end_date < rule.start_date) {
      context.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: eventServerMessages.recurrenceEndBeforeStart,
      });
    }
    if (rule.frequency === 'weekly' && rule.weekdays.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: eventServerMessages.recurrenceNeedsWeekdays,
      });
    }
  })
  .transform((rule) => ({
    ...rule,
    timezone: resolveTimezone(rule.timezone) ?? rule.timezone,
    weekdays: WEEKDAYS.filter((day) => rule.weekdays.includes(day)),
  }));
export type RecurrenceRule = z.output<typeof recurrenceRuleSchema>;
export type RecurrenceRuleInput = z.input<typeof recurrenceRuleSchema>;

/** One occurrence: `key` is its local date, which names it across edits of the rule. */
export interface Occurrence {
  key: string;
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const toDate = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
/** Monday = 0 … Sunday = 6. */
const weekdayIndex = (date: Date) => (date.getUTCDay() + 6) % 7;

function* dailyDates(start: Date, interval: number): Generator<string> {
  for (let step = 0; ; step += interval) yield toIso(addDays(start, step));
}

function* weeklyDates(start: Date, interval: number, weekdays: readonly Weekday[]): Generator<string> {
  const monday = addDays(start, -weekdayIndex(start));
  const days = weekdays.map((day) => WEEKDAYS.indexOf(day));
  for (let week = 0; ; week += interval) {
    for (const day of days) {
      const date = addDays(monday, week * 7 + day);
      if (date >= start) yield toIso(date);
    }
  }
}

function* monthlyDates(start: Date, interval: number): Generator<string> {
  const dayOfMonth = start.getUTCDate();
  for (let month = 0; ; month += interval) {
    const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + month, dayOfMonth));
    // A month without that day (the 31st in April) has no occurrence.
    if (date.getUTCDate() === dayOfMonth) yield toIso(date);
  }
}

/** The local dates the rule falls on, in order, without end. */
function occurrenceDates(rule: RecurrenceRule): Generator<string> {
  const start = toDate(rule.start_date);
  switch (rule.frequency) {
    case 'daily':
      return dailyDates(start, rule.interval);
    case 'weekly':
      return weeklyDates(start, rule.interval, rule.weekdays);
    case 'monthly':
      return monthlyDates(start, rule.interval);
  }
}

export class TooManyOccurrencesError extends Error {
  constructor() {
    super(eventServerMessages.tooManyOccurrences.replace('{max}', String(MAX_OCCURRENCES)));
  }
}

/** Every occurrence of the rule, in order. More than MAX_OCCURRENCES is an error. */
export function occurrencesOf(rule: RecurrenceRule): Occurrence[] {
  const occurrences: Occurrence[] = [];
  for (const date of occurrenceDates(rule)) {
    if (rule.end_date !== null && date > rule.end_date) break;
    if (rule.count !== null && occurrences.length >= rule.count) break;
    if (occurrences.length >= MAX_OCCURRENCES) throw new TooManyOccurrencesError();
    const start = zonedInstant(date, rule.start_time, rule.timezone);
    occurrences.push({ key: date, start, end: new Date(start.getTime() + rule.duration_minutes * 60_000) });
  }
  return occurrences;
}

export interface OccurrenceChanges {
  /** Future occurrences the rule adds. */
  add: Occurrence[];
  /** Future occurrences the rule keeps, with their (possibly new) times. */
  keep: Occurrence[];
  /** Keys of future occurrences the rule no longer has. */
  remove: string[];
}

/**
 * Editing a rule changes only the future: an occurrence that has started (start ≤ now) is never
 * removed, moved or re-created; a date the organiser deleted (`excluded`) is not re-created.
 */
export function planOccurrenceChanges(
  rule: RecurrenceRule,
  existing: readonly { key: string; start: Date }[],
  excluded: readonly string[],
  now: Date,
): OccurrenceChanges {
  const future = (start: Date) => start.getTime() > now.getTime();
  const wanted = occurrencesOf(rule).filter(
    (occurrence) => future(occurrence.start) && !excluded.includes(occurrence.key),
  );
  const started = new Set(
    existing.filter((occurrence) => !future(occurrence.start)).map((occurrence) => occurrence.key),
  );
  const existingFuture = new Set(
    existing.filter((occurrence) => future(occurrence.start)).map((occurrence) => occurrence.key),
  );
  const wantedKeys = new Set(wanted.map((occurrence) => occurrence.key));
  return {
    add: wanted.filter((occurrence) => !existingFuture.has(occurrence.key) && !started.has(occurrence.key)),
    keep: wanted.filter((occurrence) => existingFuture.has(occurrence.key)),
    remove: [...existingFuture].filter((key) => !wantedKeys.has(key)),
  };
}
