import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useCopyMagicLink } from '../../ui/copy-magic-link.ts';

/** A person's row button copying their magic link into the event (`useCopyMagicLink`). */
export function MagicLinkButton({
  eventId,
  userId,
  name,
}: {
  eventId: string;
  userId: string;
  name: string;
}) {
  const { copy, busy } = useCopyMagicLink();
  const label = `Copy the magic link of ${name}`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="light" aria-label={label} loading={busy} onClick={() => copy(eventId, userId)}>
        <IconLink size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
