import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { timezoneLabel } from '@studio/domain';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** The team an object belongs to, as the studio names it: its workspace's name, else the whole organization's. */
export const teamNameOf = (workspaceName: string | null | undefined): string =>
  workspaceName ?? 'Organization';

/** Spec 000 §9 "Date display". */
export const DATE_FORMAT = 'MMM D, YYYY';
/** The spec's 'MMM D, YYYY, h:mm A z'; the zone (`z`) is added by formatDateTime, as timezoneLabel says it. */
export const DATE_TIME_FORMAT = 'MMM D, YYYY, h:mm A';

const zoned = (instant: string | Date, timeZone: string | undefined) =>
  timeZone ? dayjs(instant).tz(timeZone) : dayjs(instant).tz(dayjs.tz.guess());

/** 'Nov 22, 2026' in the given time zone (the browser's when none is given); '-' when unknown. */
export function formatDate(instant: string | Date | null | undefined, timeZone?: string): string {
  if (!instant || !dayjs(instant).isValid()) return '-';
  return zoned(instant, timeZone).format(DATE_FORMAT);
}

/** A calendar day ('2026-11-22', no instant: no zone moves it) as the studio writes dates: 'Nov 22, 2026'. */
export function formatDay(day: string): string {
  const parsed = dayjs(day);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : day;
}

/**
 * 'Nov 22, 2026, 3:04 PM GMT-5' in the given time zone (the browser's when none is given): the
 * spec's format with the zone as the domain's timezoneLabel says it everywhere.
 */
export function formatDateTime(instant: string | Date | null | undefined, timeZone?: string): string {
  if (!instant || !dayjs(instant).isValid()) return '-';
  const zone = timeZone ?? dayjs.tz.guess();
  return `${dayjs(instant).tz(zone).format(DATE_TIME_FORMAT)} ${timezoneLabel(zone, new Date(instant))}`;
}

/** An event's start–end as its header shows it: 'Nov 22, 2026, 3:04 PM GMT-5 – Nov 22, 2026, 4:04 PM GMT-5'. */
export const formatDateTimeRange = (
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
  timeZone?: string,
): string => `${formatDateTime(start, timeZone)} – ${formatDateTime(end, timeZone)}`;

/** Today's calendar date ('YYYY-MM-DD') in a time zone. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return zoned(now, timeZone).format('YYYY-MM-DD');
}

export { dayjs };
