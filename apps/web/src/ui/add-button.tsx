import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list page's Add or Create button: a plus before its label. */
export function AddButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
