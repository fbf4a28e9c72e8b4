import { ActionIcon, Box, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
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

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

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

/** The days shown for a month: whole weeks from Monday, days of other months included. */
export function monthGrid(month: string): string[] {
  const first = dayjs(month).startOf('month');
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const last = first.endOf('month');
  const days = last.diff(start, 'day') + 1;
  const weeks = Math.ceil(days / 7);
  return Array.from({ length: weeks * 7 }, (_, index) => start.add(index, 'day').format('YYYY-MM-DD'));
}

/**
 * Spec 000 §2/§5 calendar picker: month arrows, days before today (in the given zone) disabled by
 * default, a selection spanning `durationDays` days, optional deselection.
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
  const [month, setMonth] = useState(() =>
    dayjs(value ?? today)
      .startOf('month')
      .format('YYYY-MM-DD'),
  );
  const range = new Set(selectedRange(value, durationDays));
  const shown = dayjs(month);
  return (
    <Box w={280} role="group" aria-label="Calendar">
      <Group justify="space-between" mb="xs">
        <ActionIcon
          variant="subtle"
          aria-label="Previous month"
          onClick={() => setMonth(shown.subtract(1, 'month').format('YYYY-MM-DD'))}
        >
          ‹
        </ActionIcon>
        <Text fw={600} size="sm" aria-live="polite">
          {shown.format('MMMM YYYY')}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label="Next month"
          onClick={() => setMonth(shown.add(1, 'month').format('YYYY-MM-DD'))}
        >
          ›
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={2} verticalSpacing={2}>
        {WEEKDAYS.map((weekday) => (
          <Text key={weekday} size="xs" c="dimmed" ta="center">
            {weekday}
          </Text>
        ))}
        {monthGrid(month).map((day) => {
          const disabled = disablePast && day < today;
          const selected = range.has(day);
          const outside = !dayjs(day).isSame(shown, 'month');
          return (
            <UnstyledButton
              key={day}
              aria-label={dayjs(day).format('D MMMM YYYY')}
              aria-pressed={selected}
              data-in-range={selected || undefined}
              data-today={day === today || undefined}
              disabled={disabled}
              onClick={() => onChange(allowDeselect && value === day ? null : day)}
              style={{
                textAlign: 'center',
                borderRadius: 4,
                padding: '4px 0',
                fontSize: 13,
                opacity: disabled ? 0.35 : outside ? 0.6 : 1,
                cursor: disabled ? 'not-allowed' : 'pointer',
                background: selected ? 'var(--mantine-primary-color-filled)' : undefined,
                color: selected ? 'var(--mantine-color-white)' : undefined,
                fontWeight: day === today ? 700 : undefined,
              }}
            >
              {dayjs(day).date()}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
