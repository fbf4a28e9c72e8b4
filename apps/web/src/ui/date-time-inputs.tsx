import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** A native date and time pair on one row (wall-clock values, read in the form's zone), and what follows them. */
export function DateTimeInputs({
  dateLabel,
  timeLabel,
  date,
  time,
  onDate,
  onTime,
  dateError,
  timeError,
  required,
  children,
}: {
  dateLabel: string;
  timeLabel: string;
  date: string;
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  dateError?: ReactNode;
  timeError?: ReactNode;
  required?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group grow align="flex-start">
      <TextInput
        type="date"
        label={dateLabel}
        required={required}
        value={date}
        onChange={(event) => onDate(event.currentTarget.value)}
        error={dateError}
      />
      <TextInput
        type="time"
        label={timeLabel}
        required={required}
        value={time}
        onChange={(event) => onTime(event.currentTarget.value)}
        error={timeError}
      />
      {children}
    </Group>
  );
}
