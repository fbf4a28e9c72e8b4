import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@studio/domain';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  /** What will happen, e.g. 'The team Marketing will be deleted.' */
  message: ReactNode;
  confirmLabel: string;
  /** True while the confirmed action runs: the buttons wait. */
  confirming?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 000 §2: the confirmation dialog, titled 'Are you sure?'. */
export function ConfirmDialog({
  opened,
  message,
  confirmLabel,
  confirming,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={messages.confirmTitle} centered>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={confirming}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={confirming}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
