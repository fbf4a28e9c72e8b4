import { Stack } from '@mantine/core';
import { createSponsorUserSchema, type Booth } from '@studio/domain';
import { errorsUnder, fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useCreateSponsor } from './rooms-booths-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';

interface SponsorForm {
  event: string;
  booth: string;
  user: { email: string; first_name: string; last_name: string; company: string };
}

/** "POST create sponsor user": the person runs this booth and is emailed a sign-in link to it. */
export function SponsorDialog({ booth, onClose }: { booth: Booth; onClose: () => void }) {
  const form = useStudioForm<SponsorForm>(createSponsorUserSchema, {
    initialValues: {
      event: booth.event,
      booth: booth.id,
      user: { email: '', first_name: '', last_name: '', company: '' },
    },
  });
  const create = useCreateSponsor(onClose, onFormFields(form));
  const errors = errorsUnder(form.errors, 'user');
  const field = (name: keyof SponsorForm['user']) => ({
    ...fieldProps(form, `user.${name}` as never),
    value: form.values.user[name],
    error: errors[name],
  });
  return (
    <StudioDialog opened onClose={onClose} title={`Sponsor of ${booth.name}`}>
      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack>
          <TextField label="Email" type="email" required data-autofocus {...field('email')} />
          <TextField label="First name" required {...field('first_name')} />
          <TextField label="Last name" {...field('last_name')} />
          <TextField label="Company" {...field('company')} />
          <FormActions onCancel={onClose} saving={create.isPending} label="Invite sponsor" />
        </Stack>
      </form>
    </StudioDialog>
  );
}
