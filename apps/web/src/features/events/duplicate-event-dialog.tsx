import { Stack } from '@mantine/core';
import {
  isScheduled,
  EVENT_TITLE_MAX_LENGTH,
  eventCopyTitle,
  eventFormSchema,
  type DuplicateEventAnswer,
  type StudioEvent,
} from '@studio/domain';
import { failureMessage } from '../../api/api-error.ts';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, serverFieldErrors, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showToast } from '../../ui/toast.ts';
import { ScheduleFields, eventValues, scheduleOf, type EventFormValues } from './event-form.tsx';
import { useDuplicateEvent } from './events-api.ts';

/** The request's fields whose errors show on other inputs of the dialog. */
const FORM_FIELDS: Readonly<Record<string, string>> = { start_time: 'startDate', end_time: 'endDate' };

/**
 * Spec 001 "duplicate (title etc.)": the copy's title and schedule, 'Copy of {title}' at the
 * event's times to begin with (POST /api/event/{id}/duplicate/).
 */
export function DuplicateEventDialog({
  event,
  onClose,
  onStarted,
}: {
  event: StudioEvent;
  onClose: () => void;
  onStarted: (answer: DuplicateEventAnswer) => void;
}) {
  const form = useStudioForm<EventFormValues>(eventFormSchema, {
    initialValues: { ...eventValues(event), title: eventCopyTitle(event.title) },
  });
  const duplicate = useDuplicateEvent(event.id, {
    onStarted: (answer) => {
      onStarted(answer);
      onClose();
    },
    onFailure: (error) => {
      const errors = Object.entries(serverFieldErrors(error))
        .map(([field, message]) => [FORM_FIELDS[field] ?? field, message] as const)
        .filter(([field]) => field in form.values);
      if (errors.length > 0) form.setErrors(Object.fromEntries(errors));
      else showToast(failureMessage(error), 'error');
    },
  });
  const scheduled = isScheduled(event.event_type);
  const submit = form.onSubmit((values) => {
    duplicate.mutate({ title: values.title.trim(), ...(scheduled && scheduleOf(values)) });
  });
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Duplicate event"
      action={{ onConfirm: () => submit(), label: 'Duplicate', pending: duplicate.isPending }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextField
            label="Title"
            required
            maxLength={EVENT_TITLE_MAX_LENGTH}
            data-autofocus
            {...fieldProps(form, 'title')}
          />
          {scheduled && <ScheduleFields values={form.values} errors={form.errors} set={form.setFieldValue} />}
        </Stack>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </StudioDialog>
  );
}
