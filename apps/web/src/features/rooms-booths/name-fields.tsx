import { Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fieldProps } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';

/** A room's or a booth's first fields: its name (required, focused on opening) and description. */
export function NameAndDescriptionFields<Values extends { name: string; description: string }>({
  form,
  nameMaxLength,
}: {
  form: UseFormReturnType<Values>;
  nameMaxLength: number;
}) {
  return (
    <>
      <TextField
        label="Name"
        required
        data-autofocus
        maxLength={nameMaxLength}
        {...fieldProps(form, 'name')}
      />
      <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
    </>
  );
}
