import { Alert, List, Stack } from '@mantine/core';
import {
  EVENT_USER_STATUSES,
  EVENT_USER_STATUS_LABELS,
  registerSeriesUserSchema,
  registrationMessages,
  seriesFormEventOf,
  type EventUserStatus,
} from '@studio/domain';
import { z } from 'zod';
import { useRegistrationFormData } from '../../api/registration-forms.ts';
import { MultiSelectField, type MultiSelectOption } from '../../ui/multi-select-field.tsx';
import { RegistrationAnswersFields } from '../../ui/registration-form/registration-answers-fields.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { useState } from 'react';
import {
  useRegisterSeriesUser,
  type SeriesRefusal,
  type SeriesRegistration,
} from './series-registrants-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { useRegistrationAnswers } from '../../ui/registration-form/use-registration-answers.ts';

type Choices = Pick<SeriesRegistration, 'events' | 'event_user_status' | 'company'>;
const choicesSchema = z.object({
  events: z.array(z.string()).min(1, 'Choose at least one event.'),
  event_user_status: registerSeriesUserSchema.shape.event_user_status,
  company: registerSeriesUserSchema.shape.user.options[1].shape.company,
});
const statusOptions = EVENT_USER_STATUSES.map((status) => ({
  value: status,
  label: EVENT_USER_STATUS_LABELS[status],
}));

/** An event of the series as the dialog offers it, with the registration form it asks. */
export type SeriesEventChoice = MultiSelectOption & { formId: string | null };

/**
 * Registers a person for events of the series (002 §7.10): which events, who (the registration
 * form of the first chosen event, its rules checked before sending), with which status.
 */
export function RegisterSeriesUserDialog({
  seriesId,
  events,
  onClose,
}: {
  seriesId: string;
  events: readonly SeriesEventChoice[];
  onClose: () => void;
}) {
  const form = useStudioForm<Choices>(choicesSchema, {
    initialValues: {
      events: events.map((event) => event.value),
      company: '',
      event_user_status: 'REGISTRATION',
    },
  });
  const formEvent = seriesFormEventOf(
    events.map((event) => event.value),
    form.values.events,
  );
  const formId = events.find((event) => event.value === formEvent)?.formId ?? null;
  const { formio_data, failed } = useRegistrationFormData(formId);
  useFailureToast(failed, registrationMessages.errorLoadingForms);
  const asked = formio_data ?? { components: [] };
  const answers = useRegistrationAnswers(asked);
  // Events the server did not register the person for (the others it did), with its reasons.
  const [refused, setRefused] = useState<SeriesRefusal[]>([]);
  const register = useRegisterSeriesUser(seriesId, onClose, setRefused, (error) =>
    answers.showServerErrors(error, 'user.'),
  );
  const titleOf = (event: string) => events.find((choice) => choice.value === event)?.label ?? event;
  const asksCompany = asked.components.some((component) => component.key === 'company');
  return (
    <StudioDialog opened onClose={onClose} title="Register for Series" size="medium">
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          const choices = form.validate();
          const checked = answers.check();
          if (choices.hasErrors || !checked || !formio_data) return;
          const { events: chosen, event_user_status, company } = form.getValues();
          setRefused([]);
          register.mutate({
            events: chosen,
            event_user_status,
            company: asksCompany ? '' : company,
            form_id: formId,
            answers: checked,
          });
        }}
        noValidate
      >
        <Stack>
          {refused.length > 0 && (
            <Alert color="yellow" title="Not registered for every event">
              <List size="sm">
                {refused.map(({ event, message }) => (
                  <List.Item key={event}>
                    {titleOf(event)}: {message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <MultiSelectField label="Events" required options={events} {...fieldProps(form, 'events')} />
          <RegistrationAnswersFields form={formio_data} answers={answers} />
          {!asksCompany && <TextField label="Company" maxLength={150} {...fieldProps(form, 'company')} />}
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
