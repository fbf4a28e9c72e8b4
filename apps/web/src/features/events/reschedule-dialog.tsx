import { Stack, Text } from '@mantine/core';
import { eventMessages, rescheduleFormSchema, type StudioEvent } from '@studio/domain';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { ScheduleFields, eventValues, scheduleOf, type EventFormValues } from './event-form.tsx';
import { useRescheduleEvent } from './events-api.ts';

/** Reschedule: new start, end and zone (POST /api/event/{id}/reschedule/). */
export function RescheduleDialog({ event, onClose }: { event: StudioEvent; onClose: () => void }) {
  const form = useStudioForm<EventFormValues>(rescheduleFormSchema, { initialValues: eventValues(event) });
  const reschedule = useRescheduleEvent(event.id, onClose);
  const submit = form.onSubmit((values) => {
    const schedule = scheduleOf(values);
    if (schedule) reschedule.mutate(schedule);
  });
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Reschedule Event"
      action={{ onConfirm: () => submit(), label: 'Reschedule', pending: reschedule.isPending }}
    >
      <Stack gap="sm">
        <ScheduleFields values={form.values} errors={form.errors} set={form.setFieldValue} />
        <Text size="sm" c="dimmed">
          {eventMessages.rescheduleMoves}
        </Text>
      </Stack>
    </StudioDialog>
  );
}
