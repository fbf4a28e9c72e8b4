import { Stack } from '@mantine/core';
import { addEventMemberSchema, registrationMessages } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../api/api-error.ts';
import { useRegistrationFormData } from '../../api/registration-forms.ts';
import { RegistrationAnswersFields } from '../../ui/registration-form/registration-answers-fields.tsx';
import { useRegistrationAnswers } from '../../ui/registration-form/use-registration-answers.ts';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showToast, useFailureToast } from '../../ui/toast.ts';
import { registrationEventQuery, useAddRegistrant, type NewRegistrant } from './registrants-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';

type Profile = Pick<NewRegistrant, 'company' | 'title'>;
const profileSchema = addEventMemberSchema.pick({ company: true, title: true });

/**
 * Registers someone by hand with their answers to the event's registration form (its rules checked
 * before sending; capacity and waitlist apply); a job does it, the toast says so.
 */
export function AddRegistrantDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const form = useStudioForm<Profile>(profileSchema, { initialValues: { company: '', title: '' } });
  const event = useQuery(registrationEventQuery(eventId));
  const formId = event.data?.registration_form_data?.id ?? null;
  const { formio_data, failed } = useRegistrationFormData(event.data ? formId : null);
  useFailureToast(failed, registrationMessages.errorLoadingForms);
  const asked = event.data ? formio_data : undefined;
  const answers = useRegistrationAnswers(asked ?? { components: [] });
  const add = useAddRegistrant(eventId, onClose, (error) => {
    const onAnswers = answers.showServerErrors(error, 'answers.');
    onFormFields(form)(error);
    if (!onAnswers) showToast(failureMessage(error), 'error');
  });
  const asks = (key: string) => (asked?.components ?? []).some((component) => component.key === key);
  return (
    <StudioDialog opened onClose={onClose} title="Add Registrant" size="medium">
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          const profile = form.validate();
          const checked = answers.check();
          if (profile.hasErrors || !checked || !asked) return;
          const { company, title } = form.getValues();
          add.mutate({
            company: asks('company') ? '' : company,
            title: asks('title') ? '' : title,
            form_id: formId,
            answers: checked,
          });
        }}
        noValidate
      >
        <Stack>
          <RegistrationAnswersFields form={asked} answers={answers} />
          {!asks('company') && <TextField label="Company" maxLength={150} {...fieldProps(form, 'company')} />}
          {!asks('title') && <TextField label="Title" maxLength={150} {...fieldProps(form, 'title')} />}
          <FormActions onCancel={onClose} saving={add.isPending} label="Register" />
        </Stack>
      </form>
    </StudioDialog>
  );
}
