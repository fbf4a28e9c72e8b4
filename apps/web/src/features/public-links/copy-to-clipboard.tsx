import { ActionIcon, Tooltip } from '@mantine/core';
import { publicLinkMessages } from '@studio/domain';
import { IconCopy } from '@tabler/icons-react';
import { showToast } from '../../ui/toast.ts';

/** Copies `value`, then says so in a toast naming what was copied (or that it could not). */
export async function copyWithToast(value: string, label: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showToast(publicLinkMessages.copied(label), 'success');
  } catch {
    showToast(publicLinkMessages.copyFailed, 'error');
  }
}

/** An icon button copying `value`; its accessible name says what it copies. */
export function CopyIcon({ value, label }: { value: string; label: string }) {
  const name = publicLinkMessages.copy(label);
  return (
    <Tooltip label={name}>
      <ActionIcon variant="subtle" aria-label={name} onClick={() => void copyWithToast(value, label)}>
        <IconCopy size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
