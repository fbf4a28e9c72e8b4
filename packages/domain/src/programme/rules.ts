import type { PricingFeatureKey } from '../access/pricing.ts';
import type { BroadcastType } from './constants.ts';
import { dateFormat } from '../events/date-format.ts';
import { PROGRAMME_MARGIN_MS } from './constants.ts';
import { agendaServerMessages } from './messages.ts';

interface Interval {
  start_time: Date | string;
  end_time: Date | string;
}
const ms = (value: Date | string) => new Date(value).getTime();

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/**
 * A session (or block) lies within its event and ends after it starts; the field errors otherwise
 * (empty when it is fine).
 */
export function programmeTimeErrors(times: Interval, event: Interval): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const [start, end] = [ms(times.start_time), ms(times.end_time)];
  if (start < ms(event.start_time) || start > ms(event.end_time))
    errors.start_time = [agendaServerMessages.startBeforeEvent];
  if (end <= start) errors.end_time = [agendaServerMessages.endBeforeStart];
  else if (end > ms(event.end_time)) errors.end_time = [agendaServerMessages.endAfterEvent];
  return errors;
}

/**
 * For each item, the ids of the other items of its track whose times overlap (touching intervals,
 * one ending when the next starts, do not).
 */
export function overlapsByTrack(
  items: readonly (Interval & { id: string; track: string })[],
): Map<string, string[]> {
  const overlaps = new Map<string, string[]>(items.map((item) => [item.id, []]));
  const byTrack = groupBy(items, (item) => item.track);
  for (const trackItems of byTrack.values()) {
    const sorted = [...trackItems].sort((a, b) => ms(a.start_time) - ms(b.start_time));
    sorted.forEach((item, index) => {
      for (const later of sorted.slice(index + 1)) {
        if (ms(later.start_time) >= ms(item.end_time)) break;
        overlaps.get(item.id)!.push(later.id);
        overlaps.get(later.id)!.push(item.id);
      }
    });
  }
  return overlaps;
}

export type VideoLengthStatus = 'OK' | 'TOO_LONG' | 'TOO_SHORT';

/**
 * 002 §8.6 with the 2-minute margin of §9: 'the session should be 2 minutes longer than the video'
 * (less slack than that: TOO_LONG), and a video more than 2 minutes shorter than that (TOO_SHORT).
 * The session is fine when it is 2 to 4 minutes longer than its videos together.
 */
export function videoLengthStatus(
  session: Interval,
  videoSeconds: readonly (number | null)[],
): VideoLengthStatus {
  const slack = ms(session.end_time) - ms(session.start_time) - sumSeconds(videoSeconds) * 1000;
  if (slack < PROGRAMME_MARGIN_MS) return 'TOO_LONG';
  if (slack > 2 * PROGRAMME_MARGIN_MS) return 'TOO_SHORT';
  return 'OK';
}

/** The videos' total length in seconds (unknown lengths count as 0). */
export const sumSeconds = (seconds: readonly (number | null)[]): number =>
  seconds.reduce<number>((total, value) => total + (value ?? 0), 0);

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(instant: Date | string, timezone: string): string {
  return dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, timezone).format(
    new Date(instant),
  );
}

/** The local dates an event covers, in order (an end at midnight does not open the next day). */
export function eventDays(event: Interval, timezone: string): string[] {
  const days: string[] = [];
  const last = localDay(new Date(Math.max(ms(event.start_time), ms(event.end_time) - 1)), timezone);
  for (let at = ms(event.start_time); ; at += 3_600_000) {
    const day = localDay(new Date(Math.min(at, ms(event.end_time) - 1)), timezone);
    if (days.at(-1) !== day) days.push(day);
    if (day === last || at > ms(event.end_time)) break;
  }
  return days;
}

/** Items grouped by the local day they start on, days in order, items by start within a day. */
export function groupByDay<T extends Interval>(
  items: readonly T[],
  timezone: string,
): { day: string; items: T[] }[] {
  const sorted = [...items].sort((a, b) => ms(a.start_time) - ms(b.start_time));
  const groups = groupBy(sorted, (item) => localDay(item.start_time, timezone));
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayItems]) => ({ day, items: dayItems }));
}

/**
 * 002 §6: the plan features a session needs — prerecordedSessions (SIMULIVE), rtmp (RTMP),
 * multiSession (it is not the event's only one), multiDay (the event spans more than one day).
 */
export function sessionPlanFeatures(session: {
  broadcastType: BroadcastType;
  /** The event's sessions once this one is saved. */
  sessionCount: number;
  eventSpansDays: boolean;
}): PricingFeatureKey[] {
  const features: PricingFeatureKey[] = [];
  if (session.broadcastType === 'SIMULIVE') features.push('prerecordedSessions');
  if (session.broadcastType === 'RTMP') features.push('rtmp');
  if (session.sessionCount > 1) features.push('multiSession');
  if (session.eventSpansDays) features.push('multiDay');
  return features;
}

/** 002 §6: a second track of an event needs multiTrack. */
export const trackPlanFeatures = (trackCount: number): PricingFeatureKey[] =>
  trackCount > 1 ? ['multiTrack'] : [];
