import { Stack } from '@mantine/core';
import {
  EVENT_USER_STATUSES,
  EVENT_USER_STATUS_LABELS,
  registerSeriesUserSchema,
  type EventUserStatus,
} from '@studio/domain';
import { z } from 'zod';
import { MultiSelectField, type MultiSelectOption } from '../../ui/multi-select-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useRegisterSeriesUser, type SeriesRegistration } from './series-registrants-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';

const personSchema = registerSeriesUserSchema.shape.user.options[1];
const seriesRegistrationSchema = personSchema.extend({
  events: z.array(z.string()).min(1, 'Choose at least one event.'),
  event_user_status: registerSeriesUserSchema.shape.event_user_status,
});
const statusOptions = EVENT_USER_STATUSES.map((status) => ({
  value: status,
  label: EVENT_USER_STATUS_LABELS[status],
}));

/** Registers a person for events of the series (002 §7.10): which events, who, with which status. */
export function RegisterSeriesUserDialog({
  seriesId,
  events,
  onClose,
}: {
  seriesId: string;
  events: readonly MultiSelectOption[];
  onClose: () => void;
}) {
  const form = useStudioForm<SeriesRegistration>(seriesRegistrationSchema, {
    initialValues: {
      events: events.map((event) => event.value),
      email: '',
      first_name: '',
      last_name: '',
      company: '',
      event_user_status: 'REGISTRATION',
    },
  });
  const register = useRegisterSeriesUser(seriesId, onClose);
  return (
    <StudioDialog opened onClose={onClose} title="Register for Series" size="medium">
      <form onSubmit={form.onSubmit((values) => register.mutate(values))} noValidate>
        <Stack>
          <MultiSelectField label="Events" required options={events} {...fieldProps(form, 'events')} />
          <TextField label="Email" type="email" required data-autofocus {...fieldProps(form, 'email')} />
          <TextField label="First name" required maxLength={150} {...fieldProps(form, 'first_name')} />
          <TextField label="Last name" required maxLength={150} {...fieldProps(form, 'last_name')} />
          <TextField label="Company" maxLength={150} {...fieldProps(form, 'company')} />
          <SelectField
            label="Status"
            allowDeselect={false}
            searchable={false}
            options={statusOptions}
            value={form.values.event_user_status}
            onChange={(value) => value && form.setFieldValue('event_user_status', value as EventUserStatus)}
          />
          <FormActions onCancel={onClose} saving={register.isPending} label="Register" />
        </Stack>
      </form>
    </StudioDialog>
  );
}
