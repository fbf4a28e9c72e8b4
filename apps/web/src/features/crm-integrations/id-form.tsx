import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** A number typed in a field, or null while it is not a positive whole number. */
export const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** One id to type and save, for the Marketo program and Pardot list forms. */
export function IdForm({
  label,
  action,
  pending,
  onSave,
}: {
  label: string;
  action: string;
  pending: boolean;
  onSave: (id: number) => void;
}) {
  const [text, setText] = useState('');
  const id = wholeNumber(text);
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (id !== null) onSave(id);
      }}
    >
      <Group align="flex-end">
        <TextInput
          label={label}
          required
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Button type="submit" variant="default" loading={pending} disabled={id === null}>
          {action}
        </Button>
      </Group>
    </form>
  );
}
