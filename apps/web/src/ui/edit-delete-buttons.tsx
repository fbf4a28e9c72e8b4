import { ActionIcon } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { DeleteIconButton } from './delete-icon-button.tsx';

/**
 * A row's pencil and red bin: edit it, or delete or remove it. The labels name the action and the
 * row to assistive technology ('Edit Main hall', 'Delete Main hall').
 */
export function EditDeleteButtons({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
}: {
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  onDelete: () => void;
}) {
  return (
    <>
      <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <DeleteIconButton label={deleteLabel} onClick={onDelete} iconSize={18} />
    </>
  );
}
