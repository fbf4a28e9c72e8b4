import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's closing row, right-aligned: an optional Cancel (`onCancel`) and its submit button
 * (`type="submit"`, loading while the form saves).
 */
export function FormActions({
  onCancel,
  saving,
  disabled,
  label = 'Save',
  cancelLabel = 'Cancel',
  cancelDisabled,
}: {
  onCancel?: () => void;
  saving: boolean;
  disabled?: boolean;
  label?: ReactNode;
  cancelLabel?: ReactNode;
  cancelDisabled?: boolean;
}) {
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={saving} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
