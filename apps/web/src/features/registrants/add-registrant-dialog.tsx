import { Stack } from '@mantine/core';
import { addEventMemberSchema } from '@studio/domain';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useAddRegistrant, type NewRegistrant } from './registrants-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';

const newRegistrantSchema = addEventMemberSchema.omit({ event: true, send_email: true });

/** Registers someone by hand (capacity and waitlist apply); a job does it, the toast says so. */
export function AddRegistrantDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const form = useStudioForm<NewRegistrant>(newRegistrantSchema, {
    initialValues: { email: '', first_name: '', last_name: '', company: '', title: '' },
  });
  const add = useAddRegistrant(eventId, onClose, onFormFields(form));
  return (
    <StudioDialog opened onClose={onClose} title="Add Registrant" size="small">
      <form onSubmit={form.onSubmit((values) => add.mutate(values))} noValidate>
        <Stack>
          <TextField label="Email" type="email" required data-autofocus {...fieldProps(form, 'email')} />
          <TextField label="First name" required maxLength={150} {...fieldProps(form, 'first_name')} />
          <TextField label="Last name" required maxLength={150} {...fieldProps(form, 'last_name')} />
          <TextField label="Company" maxLength={150} {...fieldProps(form, 'company')} />
          <TextField label="Title" maxLength={150} {...fieldProps(form, 'title')} />
          <FormActions onCancel={onClose} saving={add.isPending} label="Register" />
        </Stack>
      </form>
    </StudioDialog>
  );
}
