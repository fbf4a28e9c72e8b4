import { formatDay } from '../../ui/formats.ts';

/** The reports' columns of calendar days (a chart's days, an event's start day). */
const DAY_COLUMNS = new Set(['day', 'start_day']);

/** A report cell's value as its table and chart write it: days as the studio writes dates, nothing as '—'. */
export const cellText = (column: string, value: string | number | null | undefined): string =>
  value === null || value === undefined
    ? '—'
    : DAY_COLUMNS.has(column) && typeof value === 'string'
      ? formatDay(value)
      : String(value);
