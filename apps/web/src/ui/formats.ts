import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** Spec 000 §9 "Date display". */
export const DATE_FORMAT = 'MMM D, YYYY';
export const DATE_TIME_FORMAT = 'MMM D, YYYY, h:mm A z';

const zoned = (instant: string | Date, timeZone: string | undefined) =>
  timeZone ? dayjs(instant).tz(timeZone) : dayjs(instant).tz(dayjs.tz.guess());

/** 'Nov 22, 2026' in the given time zone (the browser's when none is given); '-' when unknown. */
export function formatDate(instant: string | Date | null | undefined, timeZone?: string): string {
  if (!instant || !dayjs(instant).isValid()) return '-';
  return zoned(instant, timeZone).format(DATE_FORMAT);
}

/** 'Nov 22, 2026, 3:04 PM EST' in the given time zone (the browser's when none is given). */
export function formatDateTime(instant: string | Date | null | undefined, timeZone?: string): string {
  if (!instant || !dayjs(instant).isValid()) return '-';
  return zoned(instant, timeZone).format(DATE_TIME_FORMAT);
}

/** Today's calendar date ('YYYY-MM-DD') in a time zone. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return zoned(now, timeZone).format('YYYY-MM-DD');
}

export { dayjs };
