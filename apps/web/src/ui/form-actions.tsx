import { Box, Button, Group } from '@mantine/core';
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
  sticky,
}: {
  onCancel?: () => void;
  saving: boolean;
  disabled?: boolean;
  label?: ReactNode;
  cancelLabel?: ReactNode;
  cancelDisabled?: boolean;
  /** Kept in sight at the bottom of a long drawer (see `StickyActions`). */
  sticky?: boolean;
}) {
  const row = (
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
  return sticky ? <StickyActions>{row}</StickyActions> : row;
}

/**
 * A drawer's closing row (Cancel, Save) kept at the bottom of the drawer while its fields scroll
 * under it: a long drawer's Save stays in sight instead of thousands of pixels down.
 */
function StickyActions({ children }: { children: ReactNode }) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      data-sticky-actions
      style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Box>
  );
}
