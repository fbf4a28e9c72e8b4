import { Checkbox } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** A new speaker's or staff member's invitations: the email (`description` says which) and the calendar's. */
export function InviteCheckboxes<
  Values extends { send_email_invite: boolean; send_calendar_invite: boolean },
>({ form, description }: { form: UseFormReturnType<Values>; description: string | undefined }) {
  return (
    <>
      <Checkbox
        label="Send email invite"
        description={description}
        {...form.getInputProps('send_email_invite', { type: 'checkbox' })}
      />
      <Checkbox
        label="Send calendar invite"
        {...form.getInputProps('send_calendar_invite', { type: 'checkbox' })}
      />
    </>
  );
}
