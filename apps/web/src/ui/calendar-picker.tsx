import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { dayjs, todayIn } from './formats.ts';

interface CalendarPickerProps {
  /** The first day of the selection ('YYYY-MM-DD'), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Disables days before today in `timeZone` (default true, spec 000 §5). */
  disablePast?: boolean;
  /** Today is taken in this IANA zone; the browser's when absent. */
  timeZone?: string;
  /** The selection covers this many days from the picked one (default 1). */
  durationDays?: number;
  /** Clicking the selected day again clears it (optional, spec 000 §5). */
  allowDeselect?: boolean;
  /** For tests: the current instant. */
  now?: Date;
}

/** Days covered by a selection starting on `start`, `durationDays` long, as 'YYYY-MM-DD'. */
export function selectedRange(start: string | null, durationDays = 1): string[] {
  if (!start) return [];
  return Array.from({ length: Math.max(1, durationDays) }, (_, offset) =>
    dayjs(start).add(offset, 'day').format('YYYY-MM-DD'),
  );
}

/** True when `date` is before today in the zone. */
export const isBeforeToday = (date: string, timeZone: string | undefined, now: Date = new Date()) =>
  date < todayIn(timeZone, now);

/**
 * Spec 000 §2/§5 calendar picker on Mantine's DatePicker (weeks from Monday): month arrows, days
 * before today (in the given zone) disabled by default, a selection spanning `durationDays` days,
 * optional deselection.
 */
export function CalendarPicker({
  value,
  onChange,
  disablePast = true,
  timeZone,
  durationDays = 1,
  allowDeselect = false,
  now,
}: CalendarPickerProps) {
  const today = todayIn(timeZone, now);
  const range = new Set(selectedRange(value, durationDays));
  return (
    <DatePicker
      aria-label="Calendar"
      value={value}
      onChange={onChange}
      allowDeselect={allowDeselect}
      defaultDate={value ?? today}
      minDate={disablePast ? today : undefined}
      firstDayOfWeek={1}
      monthLabelFormat="MMMM YYYY"
      ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
      getDayAriaLabel={(day) => dayjs(day).format('D MMMM YYYY')}
      getDayProps={(day) => ({
        inRange: range.has(day) && day !== value,
        selected: day === value,
        'data-today': day === today || undefined,
      })}
    />
  );
}
