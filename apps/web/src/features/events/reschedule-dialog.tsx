import { Group, Stack, Text, TextInput } from '@mantine/core';
import { eventMessages, rescheduleFormSchema, type StudioEvent } from '@studio/domain';
import { SelectField } from '../../ui/select-field.tsx';
import { DialogActions, StudioDialog } from '../../ui/studio-dialog.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { eventValues, scheduleOf, timezoneSelectOptions, type EventFormValues } from './event-form.tsx';
import { useRescheduleEvent } from './events-api.ts';

/** Reschedule: new start, end and zone (POST /api/event/{id}/reschedule/). */
export function RescheduleDialog({ event, onClose }: { event: StudioEvent; onClose: () => void }) {
  const form = useStudioForm<EventFormValues>(rescheduleFormSchema, { initialValues: eventValues(event) });
  const reschedule = useRescheduleEvent(event.id, onClose);
  const submit = form.onSubmit((values) => {
    const schedule = scheduleOf(values);
    if (schedule)
      reschedule.mutate({
        start_time: schedule.start.toISOString(),
        end_time: schedule.end.toISOString(),
        timezone: values.timezone,
      });
  });
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Reschedule Event"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => submit()}
          label="Reschedule"
          pending={reschedule.isPending}
        />
      }
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput type="date" label="Start date" {...form.getInputProps('startDate')} />
          <TextInput type="time" label="Start time" {...form.getInputProps('startTime')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput type="date" label="End date" {...form.getInputProps('endDate')} />
          <TextInput type="time" label="End time" {...form.getInputProps('endTime')} />
        </Group>
        <SelectField
          label="Time zone"
          options={timezoneSelectOptions()}
          {...form.getInputProps('timezone')}
          allowDeselect={false}
        />
        <Text size="sm" c="dimmed">
          {eventMessages.rescheduleMoves}
        </Text>
      </Stack>
    </StudioDialog>
  );
}
