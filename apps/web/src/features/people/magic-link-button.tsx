import { ActionIcon, Tooltip } from '@mantine/core';
import { peopleMessages } from '@studio/domain';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { showToast } from '../../ui/toast.ts';
import { fetchMagicLink, isLinkNotReady } from './people-api.ts';

/**
 * Copies a person's magic link into the event (002 §7.6): asked for when clicked, so a list does
 * not issue a link per row. A link still being made says so (002 §8.7); a refused copy says
 * 'Copy magic link failed!'.
 */
export function MagicLinkButton({
  eventId,
  userId,
  name,
}: {
  eventId: string;
  userId: string;
  name: string;
}) {
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setBusy(true);
    try {
      const url = await fetchMagicLink(eventId, userId).catch((error: unknown) => {
        if (isLinkNotReady(error)) showToast(peopleMessages.generatingMagicLink, 'info');
        else showToast(failureMessage(error), 'error');
        return null;
      });
      if (url === null) return;
      // No clipboard (an insecure page) fails like a refused copy.
      await Promise.resolve()
        .then(() => navigator.clipboard.writeText(url))
        .then(
          () => showToast(peopleMessages.magicLinkCopied, 'success'),
          () => showToast(peopleMessages.copyMagicLinkFailed, 'error'),
        );
    } finally {
      setBusy(false);
    }
  };
  const label = `Copy the magic link of ${name}`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="light" aria-label={label} loading={busy} onClick={() => void copy()}>
        <IconLink size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
