import { isScheduled } from './enums.ts';

/** The badge of an event by time (issue 13): LIVE, UPCOMING or PAST. */
export const EVENT_TIME_BADGES = ['LIVE', 'UPCOMING', 'PAST'] as const;
export type EventTimeBadge = (typeof EVENT_TIME_BADGES)[number];

/** Spec 002 §4.7a: an event counts as live from 1 hour before its start time. */
export const LIVE_LEAD_MS = 60 * 60 * 1000;

/** Spec 002 §4.7a: the studio's clock (LIVE badges, testing windows) updates every 60 s. */
export const STUDIO_CLOCK_TICK_MS = 60_000;

export interface TimedEvent {
  start_time: string | Date;
  end_time: string | Date;
  /** A test event (002 §4.7a) is never live; the model has none yet, so this is usually absent. */
  is_test?: boolean | undefined;
}

/** LIVE from 1 hour before the start until the end (test events ignored), UPCOMING before, PAST after. */
export function eventTimeStatus(event: TimedEvent, now: Date = new Date()): EventTimeBadge {
  const start = new Date(event.start_time).getTime();
  const end = new Date(event.end_time).getTime();
  const at = now.getTime();
  if (at >= end) return 'PAST';
  if (at >= start - LIVE_LEAD_MS && !event.is_test) return 'LIVE';
  return 'UPCOMING';
}

/**
 * The badge an event shows beside its dates in the studio: none for a recording, which has no
 * schedule (`isScheduled`) and so neither dates to show nor a time to be live or past.
 */
export const eventBadge = (event: TimedEvent & { event_type: string }, now: Date): EventTimeBadge | null =>
  isScheduled(event.event_type) ? eventTimeStatus(event, now) : null;

/**
 * Whether the event is over by now (the PAST badge); never a recording, which has no schedule to
 * end (`isScheduled`): its registration, entry and readiness stay open.
 */
export const eventOver = (event: Pick<TimedEvent, 'end_time'> & { event_type: string }, now: Date): boolean =>
  isScheduled(event.event_type) && now.getTime() >= new Date(event.end_time).getTime();

/** A series' dates and, read with its cached data, its first event not yet ended. */
export interface TimedSeries {
  start_time: string | null;
  end_time: string | null;
  current_event?: TimedEvent | null | undefined;
}

/**
 * A series is LIVE only while one of its events is: between two events it is UPCOMING (its first
 * event not ended decides, being the earliest to start of those left), PAST once all have ended;
 * null without events. Without that event, its dates alone decide.
 */
export function seriesTimeStatus(series: TimedSeries, now: Date = new Date()): EventTimeBadge | null {
  if (!series.start_time || !series.end_time) return null;
  if (new Date(series.end_time).getTime() <= now.getTime() || !series.current_event)
    return eventTimeStatus({ start_time: series.start_time, end_time: series.end_time }, now);
  return eventTimeStatus(series.current_event, now);
}
