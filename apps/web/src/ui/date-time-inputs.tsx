import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** The form a date and time pair edits: its values, errors and setter, under `<name>Date` and `<name>Time`. */
export interface DateTimeForm<N extends string> {
  values: Record<`${N}Date` | `${N}Time`, string>;
  errors: Partial<Record<string, ReactNode>>;
  set: (key: `${N}Date` | `${N}Time`, value: string) => void;
}

/** A native date and time pair on one row (wall-clock values, read in the form's zone), and what follows them. */
export function DateTimeInputs<N extends string>({
  name,
  form,
  dateLabel,
  timeLabel,
  required,
  children,
}: {
  /** What the pair holds ('start' edits `startDate` and `startTime`). */
  name: N;
  form: DateTimeForm<N>;
  dateLabel: string;
  timeLabel: string;
  required?: boolean;
  children?: ReactNode;
}) {
  const inputs = [
    { key: `${name}Date`, type: 'date', label: dateLabel },
    { key: `${name}Time`, type: 'time', label: timeLabel },
  ] as const;
  return (
    <Group grow align="flex-start">
      {inputs.map(({ key, type, label }) => (
        <TextInput
          key={key}
          type={type}
          label={label}
          required={required}
          value={form.values[key]}
          onChange={(event) => form.set(key, event.currentTarget.value)}
          error={form.errors[key]}
        />
      ))}
      {children}
    </Group>
  );
}
