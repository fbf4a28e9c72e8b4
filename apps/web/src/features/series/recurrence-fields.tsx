import { Chip, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  RECURRENCE_FREQUENCIES,
  resolveTimezone,
  timezoneOptions,
  wallClock,
  WEEKDAYS,
  type RecurrenceFrequency,
  type RecurrenceRuleInput,
  type Weekday,
} from '@studio/domain';
import type { ReactNode } from 'react';
import { dayjs } from '../../ui/formats.ts';
import { LabelledControl } from '../../ui/labelled-control.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { DateTimeInputs } from '../../ui/date-time-inputs.tsx';

const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export interface RecurrenceValues {
  frequency: RecurrenceFrequency;
  interval: number;
  weekdays: Weekday[];
  startDate: string;
  startTime: string;
  durationMinutes: number;
  timezone: string;
  ends: 'date' | 'count';
  endDate: string;
  count: number;
  /**
   * The organiser has ticked or unticked days themselves. Until then the weekly day follows the
   * first date (a new rule's default), so changing the date never leaves a day nobody chose.
   */
  weekdaysChosen: boolean;
}

/** The schedule's errors, from @studio/domain's `seriesFormSchema`. */
export type RecurrenceErrors = Partial<Record<string, ReactNode>>;

/** The day of the week a calendar date ('2027-01-05') falls on; null for a date not (yet) whole. */
function weekdayOf(date: string): Weekday | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? null : (WEEKDAYS[(day + 6) % 7] ?? null);
}

/** A new rule: weekly from tomorrow at 10:00 for an hour, ten times, on tomorrow's weekday. */
export function newRecurrence(now: Date = new Date()): RecurrenceValues {
  const timezone = resolveTimezone(dayjs.tz.guess()) ?? 'UTC';
  const startDate = wallClock(new Date(now.getTime() + 86_400_000), timezone).date;
  return {
    frequency: 'weekly',
    interval: 1,
    weekdays: [weekdayOf(startDate) ?? 'MO'],
    startDate,
    startTime: '10:00',
    durationMinutes: 60,
    timezone,
    ends: 'count',
    endDate: '',
    count: 10,
    weekdaysChosen: false,
  };
}

export function recurrenceValues(rule: RecurrenceRuleInput): RecurrenceValues {
  return {
    frequency: rule.frequency,
    interval: rule.interval ?? 1,
    weekdays: rule.weekdays ?? [],
    startDate: rule.start_date,
    startTime: rule.start_time,
    durationMinutes: rule.duration_minutes,
    timezone: rule.timezone,
    ends: rule.end_date ? 'date' : 'count',
    endDate: rule.end_date ?? '',
    count: rule.count ?? 10,
    // A saved rule's days were chosen: editing its first date keeps them.
    weekdaysChosen: true,
  };
}

export function recurrenceRuleOf(values: RecurrenceValues): RecurrenceRuleInput {
  return {
    frequency: values.frequency,
    interval: values.interval,
    weekdays: values.frequency === 'weekly' ? values.weekdays : [],
    start_date: values.startDate,
    start_time: values.startTime,
    duration_minutes: values.durationMinutes,
    timezone: values.timezone,
    end_date: values.ends === 'date' ? values.endDate : null,
    count: values.ends === 'count' ? values.count : null,
  };
}

const numberOf = (value: string | number) =>
  typeof value === 'number' ? value : Number.parseInt(value, 10) || 0;

/** The repeating event's schedule: daily, weekly on chosen days, or monthly. */
export function RecurrenceFields({
  values,
  errors,
  onChange,
}: {
  values: RecurrenceValues;
  errors: RecurrenceErrors;
  onChange: (values: RecurrenceValues) => void;
}) {
  const set = <K extends keyof RecurrenceValues>(key: K, value: RecurrenceValues[K]) => {
    const next = { ...values, [key]: value };
    // The default day follows the first date until the organiser chooses days themselves.
    const day = key === 'startDate' && !values.weekdaysChosen ? weekdayOf(next.startDate) : null;
    onChange(day ? { ...next, weekdays: [day] } : next);
  };
  /** A count's number input: its value, its change as a whole number, its error. */
  const numberProps = (key: 'interval' | 'durationMinutes' | 'count') => ({
    value: values[key],
    onChange: (value: string | number) => set(key, numberOf(value)),
    error: errors[key],
  });
  return (
    <Stack gap="sm">
      <LabelledControl label="Repeats">
        {(labelId) => (
          <SegmentedControl
            aria-labelledby={labelId}
            data={RECURRENCE_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
            value={values.frequency}
            onChange={(frequency) => set('frequency', frequency)}
          />
        )}
      </LabelledControl>
      <NumberInput label="Every (days, weeks or months)" min={1} max={99} {...numberProps('interval')} />
      {values.frequency === 'weekly' && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            On
          </Text>
          <Chip.Group
            multiple
            value={values.weekdays}
            onChange={(days) =>
              onChange({
                ...values,
                weekdays: WEEKDAYS.filter((day) => days.includes(day)),
                weekdaysChosen: true,
              })
            }
          >
            <Group gap={4}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={day} size="xs">
                  {WEEKDAY_LABELS[day]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors.weekdays && (
            <Text size="xs" c="red">
              {errors.weekdays}
            </Text>
          )}
        </Stack>
      )}
      <DateTimeInputs
        name="start"
        form={{ values, errors, set }}
        dateLabel="First date"
        timeLabel="Start time"
      >
        <NumberInput label="Duration (minutes)" min={1} {...numberProps('durationMinutes')} />
      </DateTimeInputs>
      <SelectField
        label="Time zone"
        allowDeselect={false}
        options={timezoneOptions(new Date()).map(({ value, label }) => ({ value, label }))}
        value={values.timezone}
        onChange={(zone) => zone && set('timezone', zone)}
        error={errors.timezone}
      />
      <Group align="flex-end">
        <SegmentedControl
          aria-label="Ends"
          data={[
            { value: 'count', label: 'After' },
            { value: 'date', label: 'On date' },
          ]}
          value={values.ends}
          onChange={(ends) => set('ends', ends)}
        />
        {values.ends === 'count' ? (
          <NumberInput label="Occurrences" min={1} max={500} {...numberProps('count')} />
        ) : (
          <TextInput
            type="date"
            label="End date"
            value={values.endDate}
            onChange={(e) => set('endDate', e.currentTarget.value)}
            error={errors.endDate}
          />
        )}
      </Group>
    </Stack>
  );
}
