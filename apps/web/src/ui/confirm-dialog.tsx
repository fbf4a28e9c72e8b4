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

/**
 * Confirms deleting `target`, the row chosen for deletion (null: closed), with the `remove`
 * mutation; `message` says what goes ('The room Main hall will be deleted.').
 */
export function ConfirmDeleteDialog<T>({
  target,
  message,
  remove,
  onCancel,
}: {
  target: T | null;
  message: string;
  remove: { isPending: boolean; mutate: (target: T) => void };
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      opened={target !== null}
      message={message}
      confirmLabel="Delete"
      confirming={remove.isPending}
      onConfirm={() => target !== null && remove.mutate(target)}
      onCancel={onCancel}
    />
  );
}
