import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { StudioEvent } from '@studio/domain';
import { useState } from 'react';
import { SelectField } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import {
  eventValues,
  scheduleOf,
  timezoneSelectOptions,
  validateEventForm,
  type EventFormErrors,
} from './event-form.tsx';
import { useRescheduleEvent } from './events-api.ts';

/** Reschedule: new start, end and zone (POST /api/event/{id}/reschedule/). */
export function RescheduleDialog({ event, onClose }: { event: StudioEvent; onClose: () => void }) {
  const [values, setValues] = useState(() => eventValues(event));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const reschedule = useRescheduleEvent(event.id, onClose);
  const submit = () => {
    const found = validateEventForm(values);
    setErrors(found);
    const schedule = scheduleOf(values);
    if (Object.keys(found).length === 0 && schedule)
      reschedule.mutate({
        start_time: schedule.start.toISOString(),
        end_time: schedule.end.toISOString(),
        timezone: values.timezone,
      });
  };
  const set = (key: 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'timezone', value: string) =>
    setValues({ ...values, [key]: value });
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Reschedule Event"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={reschedule.isPending}>
            Reschedule
          </Button>
        </>
      }
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Start date"
            value={values.startDate}
            onChange={(e) => set('startDate', e.currentTarget.value)}
            error={errors.startDate}
          />
          <TextInput
            type="time"
            label="Start time"
            value={values.startTime}
            onChange={(e) => set('startTime', e.currentTarget.value)}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="End date"
            value={values.endDate}
            onChange={(e) => set('endDate', e.currentTarget.value)}
            error={errors.endDate}
          />
          <TextInput
            type="time"
            label="End time"
            value={values.endTime}
            onChange={(e) => set('endTime', e.currentTarget.value)}
          />
        </Group>
        <SelectField
          label="Time zone"
          options={timezoneSelectOptions()}
          value={values.timezone}
          onChange={(zone) => zone && set('timezone', zone)}
          allowDeselect={false}
          error={errors.timezone}
        />
      </Stack>
    </StudioDialog>
  );
}
