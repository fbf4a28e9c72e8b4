import { Button, Group, Stack, TextInput } from '@mantine/core';
import { eventMessages, type StudioEvent } from '@studio/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { showToast } from '../../ui/toast.ts';
import {
  eventValues,
  scheduleOf,
  timezoneSelectOptions,
  validateEventForm,
  type EventFormErrors,
} from './event-form.tsx';
import { EVENTS_KEY, rescheduleEvent } from './events-api.ts';

/** Reschedule: new start, end and zone (POST /api/event/{id}/reschedule/). */
export function RescheduleDialog({ event, onClose }: { event: StudioEvent; onClose: () => void }) {
  const [values, setValues] = useState(() => eventValues(event));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const queryClient = useQueryClient();
  const reschedule = useMutation({
    mutationFn: () => {
      const schedule = scheduleOf(values);
      if (!schedule) throw new Error('No schedule');
      return rescheduleEvent(event.id, {
        start_time: schedule.start.toISOString(),
        end_time: schedule.end.toISOString(),
        timezone: values.timezone,
      });
    },
    onSuccess: async () => {
      showToast(eventMessages.eventRescheduled, 'success');
      await queryClient.invalidateQueries({ queryKey: [EVENTS_KEY] });
      onClose();
    },
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const submit = () => {
    const found = validateEventForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) reschedule.mutate();
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
