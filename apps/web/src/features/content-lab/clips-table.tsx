import { Button, Group, Switch, Table, Text } from '@mantine/core';
import {
  chapterTime,
  clipMessages,
  formatMessage,
  STATUS_LABELS,
  videoLibraryMessages,
  type Clip,
  type DisplayStatus,
  type Page,
} from '@studio/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { useDeleteClip, usePublishClip, useShareClip } from './clips-api.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

/** The clip's status as the library shows it (spec 000 §4), with the cut's progress while it is cut. */
function statusText(clip: Clip): string {
  const label = STATUS_LABELS[clip.status as DisplayStatus] ?? STATUS_LABELS.UNKNOWN;
  return clip.progress !== null ? `${label} ${Math.round(clip.progress * 100)}%` : label;
}

/**
 * A list of clips (a video's, or a search's): the active one marked, each shareable (revocably)
 * and deletable.
 */
export function ClipsTable({
  clips,
  activeClipId = null,
  emptyState = clipMessages.noClips,
  hrefOf,
  onDeleted,
}: {
  clips: UseQueryResult<Page<Clip>>;
  activeClipId?: string | null;
  emptyState?: string;
  hrefOf: (clip: Clip) => string;
  onDeleted?: (clipId: string) => void;
}) {
  const share = useShareClip();
  const publish = usePublishClip();
  const [deleting, setDeleting] = useState<Clip | null>(null);
  const remove = useDeleteClip(() => {
    if (deleting) onDeleted?.(deleting.id);
    setDeleting(null);
  });
  const results = clips.data?.results ?? [];
  return (
    <>
      <ListStates
        pending={clips.isPending}
        loadingLabel="Loading clips"
        empty={results.length === 0}
        emptyState={emptyState}
      >
        <ListTable
          label="Clips"
          minWidth={560}
          columns={['Name', 'Range', 'Duration', 'Status', 'Shared', ACTIONS_COLUMN]}
          highlightOnHover
        >
          {results.map((clip) => (
            <Table.Tr
              key={clip.id}
              aria-current={clip.id === activeClipId ? 'true' : undefined}
              bg={clip.id === activeClipId ? 'blue.0' : undefined}
            >
              <Table.Td>
                <HrefLink href={hrefOf(clip)}>{clip.name}</HrefLink>
                {clip.vertical && (
                  <Text size="xs" c="dimmed">
                    Vertical (9:16)
                  </Text>
                )}
                {clip.video_library_id === null && clip.status !== 'ERROR' && (
                  <Text size="xs" c="dimmed">
                    {clipMessages.removedFromLibrary}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{`${chapterTime(clip.start_time)} – ${chapterTime(clip.end_time)}`}</Table.Td>
              <Table.Td>{`${Math.round(clip.duration * 10) / 10} s`}</Table.Td>
              <Table.Td title={clip.error ?? undefined}>{statusText(clip)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Switch
                    aria-label={`Share ${clip.name}`}
                    checked={clip.shared}
                    onChange={(event) => share.mutate({ id: clip.id, shared: event.currentTarget.checked })}
                  />
                  {clip.shared && (
                    <CopyButton size="xs" value={clip.share_url} aria-label={`Copy link to ${clip.name}`} />
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {clip.status === 'READY_TO_PUBLISH' && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`${clipMessages.publish}: ${clip.name}`}
                      loading={publish.isPending && publish.variables === clip.id}
                      onClick={() => publish.mutate(clip.id)}
                    >
                      {clipMessages.publish}
                    </Button>
                  )}
                  <DeleteIconButton label={`Delete ${clip.name}`} onClick={() => setDeleting(clip)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListStates>
      <ConfirmDialog
        opened={deleting !== null}
        message={formatMessage(videoLibraryMessages.deleteConfirmBody, { name: deleting?.name ?? '' })}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
