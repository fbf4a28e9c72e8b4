import { dateFormat } from './date-format.ts';
import { eventMessages } from './messages.ts';
import { TIMEZONE_ALIASES, TIMEZONE_NAMES } from './timezone-data.ts';

export { TIMEZONE_ALIASES, TIMEZONE_NAMES } from './timezone-data.ts';
export type TimezoneName = (typeof TIMEZONE_NAMES)[number];

const NAMES = new Set<string>(TIMEZONE_NAMES);

/** The named zone for a name or one of its aliases ('Asia/Calcutta' → 'Asia/Kolkata'); null when unknown. */
export function resolveTimezone(name: string): TimezoneName | null {
  const trimmed = name.trim();
  if (NAMES.has(trimmed)) return trimmed as TimezoneName;
  return TIMEZONE_ALIASES[trimmed] ?? null;
}

/** The zone's offset from UTC in minutes at the given instant (summer time included). */
export function timezoneOffsetMinutes(timezone: string, at: Date = new Date()): number {
  const format = dateFormat('en-US', { timeZoneName: 'longOffset' }, timezone);
  const label = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  // 'GMT' alone (UTC) or 'GMT+05:30' / 'GMT-03:00'.
  const suffix = label.replace(/^GMT/, '');
  return suffix === '' ? 0 : parseTimezoneSuffix(suffix);
}

/**
 * The one label of a time zone, wherever a zone is shown (studio dates, emails, attendee pages):
 * its offset from GMT at that instant — 'GMT', 'GMT+1', 'GMT-5', 'GMT+5:30' — never a mix of
 * abbreviations ('UTC', 'EST') and zone names.
 */
export function timezoneLabel(timezone: string, at: Date = new Date()): string {
  const minutes = timezoneOffsetMinutes(timezone, at);
  if (minutes === 0) return 'GMT';
  const absolute = Math.abs(minutes);
  const rest = absolute % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${Math.floor(absolute / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * A span of time in a zone as people read it, the shared date said once, the zone labelled once
 * (timezoneLabel, at the start): "Feb 3, 2031, 10:00 – 11:30 AM GMT+1" (emails and the attendee pages).
 */
export function timeRangeText(start: Date, end: Date, timezone: string): string {
  const format = dateFormat(
    'en-US',
    {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    },
    timezone,
  );
  return `${format.formatRange(start, end)} ${timezoneLabel(timezone, start)}`;
}

/**
 * An event's span in its zone without the year, each day said where it changes and the zone
 * labelled once: "Nov 26, 8:00 PM – Nov 27, 6:00 PM GMT+1", or "Nov 26, 8:00 – 10:00 PM GMT+1"
 * within one day (the pages' event details; a multi-day event never reads "8:00 PM – 6:00 PM").
 */
export function eventDateRangeText(start: Date, end: Date, timezone: string): string {
  const format = dateFormat(
    'en-US',
    { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    timezone,
  );
  return `${format.formatRange(start, end)} ${timezoneLabel(timezone, start)}`.replace(/\u202f|\u2009/g, ' ');
}

/**
 * An event's times in its zone for a row beside its date and its zone (the pages' event details):
 * the time range alone within one day ("11:00 AM – 12:30 PM"), each day said where it changes
 * ("Nov 26, 8:00 PM – Nov 27, 6:00 PM"); no zone, as the row beside names it (timezoneNameLabel).
 */
export function eventTimesText(start: Date, end: Date, timezone: string): string {
  const format = dateFormat(
    'en-US',
    isOneDay(start, end, timezone)
      ? { hour: 'numeric', minute: '2-digit' }
      : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    timezone,
  );
  return format.formatRange(start, end).replace(/\u202f|\u2009/g, ' ');
}

/**
 * The days a span covers in a zone, with the year (the pages' event details): "Mar 10, 2026" within
 * one day, "Jan 30 – 31, 2027" or "Dec 28, 2026 – Jan 2, 2027" over several.
 */
export function eventDatesText(start: Date, end: Date, timezone: string): string {
  return dateFormat('en-US', { dateStyle: 'medium' }, timezone)
    .formatRange(start, end)
    .replace(/\u202f|\u2009/g, ' ');
}

/** Whether a span starts and ends on one day of its zone. */
export const isOneDay = (start: Date, end: Date, timezone: string): boolean =>
  wallClock(start, timezone).date === wallClock(end, timezone).date;

/** One instant in a zone as people read it, its zone labelled: "Feb 3, 2031, 10:00 AM GMT+1" (emails' merge fields). */
export function dateTimeText(at: Date, timezone: string): string {
  const format = dateFormat(
    'en-US',
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    timezone,
  );
  return `${format.format(at)} ${timezoneLabel(timezone, at)}`;
}

/** The time of day in a zone, short, no zone label: "2:05 PM" (a chat message's time, in the reader's zone). */
export function clockTimeText(at: Date, timezone: string): string {
  return dateFormat('en-US', { hour: 'numeric', minute: '2-digit' }, timezone)
    .format(at)
    .replace(/\u202f/g, ' ');
}

/** +HH:MM / -HH:MM for an offset in minutes. */
export function formatTimezoneSuffix(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `${sign}${hours}:${minutes}`;
}

export class InvalidTimezoneSuffixError extends Error {
  constructor() {
    super(eventMessages.invalidTimezoneSuffix);
  }
}

/**
 * Spec 001 §5: a timezone suffix must look like +HH:MM (or -HH:MM), else 'Invalid timezone
 * suffix'. Answers the offset in minutes.
 */
export function parseTimezoneSuffix(suffix: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(suffix);
  if (!match) throw new InvalidTimezoneSuffixError();
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 14 || minutes > 59) throw new InvalidTimezoneSuffixError();
  const total = hours * 60 + minutes;
  return match[1] === '-' ? -total : total;
}

export const isValidTimezoneSuffix = (suffix: string): boolean => /^[+-]\d{2}:\d{2}$/.test(suffix);

/** Spec 001 §3 "Timezone option": id, label, value, offset. */
export interface TimezoneOption {
  id: string;
  /** '(GMT+05:30) Asia/Kolkata' */
  label: string;
  value: TimezoneName;
  /** '+05:30' */
  offset: string;
}

/** A named zone as the studio's zone picker and the pages' event details name it: '(GMT+05:30) Asia/Kolkata'. */
export const timezoneNameLabel = (name: string, at: Date = new Date()) =>
  `(GMT${formatTimezoneSuffix(timezoneOffsetMinutes(name, at))}) ${name}`;

/** Spec 001 §9: the named zones with their GMT offset at `at`, west to east, then by name. */
export function timezoneOptions(at: Date = new Date()): TimezoneOption[] {
  return TIMEZONE_NAMES.map((name) => ({ name, minutes: timezoneOffsetMinutes(name, at) }))
    .sort((a, b) => a.minutes - b.minutes || a.name.localeCompare(b.name))
    .map(({ name, minutes }) => {
      return {
        id: name,
        label: timezoneNameLabel(name, at),
        value: name,
        offset: formatTimezoneSuffix(minutes),
      };
    });
}

/** The wall-clock date and time of an instant in a zone. */
export function wallClock(instant: Date, timezone: string): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + timezoneOffsetMinutes(timezone, instant) * 60_000);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The instant a wall-clock date and time ('2026-03-29', '09:30') names in a zone. A time skipped by
 * a summer-time change moves forward by the change (as calendars do).
 */
export function zonedInstant(date: string, time: string, timezone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00.000Z`);
  let guess = asUtc - timezoneOffsetMinutes(timezone, new Date(asUtc)) * 60_000;
  // Twice is enough to settle across an offset change.
  for (let i = 0; i < 2; i += 1) {
    const corrected = asUtc - timezoneOffsetMinutes(timezone, new Date(guess)) * 60_000;
    if (corrected === guess) break;
    guess = corrected;
  }
  return new Date(guess);
}
