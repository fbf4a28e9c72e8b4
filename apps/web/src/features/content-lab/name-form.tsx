import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { TextField } from '../../ui/text-field.tsx';

const NAME_MAX = 255;

/** A name typed in place (create or rename a project, save or rename a search). */
export function NameForm({
  label,
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) onSubmit(name.trim());
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextField label={label} value={name} onChange={setName} maxLength={NAME_MAX} data-autofocus />
        <Button type="submit" loading={pending} disabled={!name.trim()}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
