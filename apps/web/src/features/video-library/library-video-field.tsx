import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { videoLibraryMessages } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { durationLabel } from '../../ui/video-table-rules.ts';
import type { VideoFieldProps } from '../../ui/video-field.ts';
import { SelectVideosFromLibrary } from './select-videos-from-library.tsx';
import { useLibrarySettings } from './use-library-settings.ts';
import { useVideoActions } from './use-video-actions.tsx';
import { videoAssetQuery } from './video-library-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { VideoThumbnail } from '../../ui/video-thumbnail.tsx';

/**
 * One video of the organisation's library chosen for another area (spec 002 §2.2 "Buffer Video"):
 * the chosen video with Preview, Rename and Remove, and the library's 'Select Videos' dialog with a
 * maximum of one, restricted to the area's team when teams are on.
 */
export function LibraryVideoField({
  videoId,
  pickLabel,
  emptyLabel,
  removeLabel,
  workspaceId,
  onChange,
}: VideoFieldProps) {
  const settings = useLibrarySettings();
  const { handlers, dialogs } = useVideoActions(settings);
  const { onRename } = handlers;
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const video = useQuery({ ...videoAssetQuery(videoId ?? ''), enabled: Boolean(videoId) });

  async function remove() {
    setRemoving(true);
    await onChange(null);
    setRemoving(false);
  }

  return (
    <Stack gap="sm">
      {!videoId ? (
        <Text size="sm">{emptyLabel}</Text>
      ) : video.isPending ? (
        <Loader size="sm" aria-label="Loading video" />
      ) : video.isError ? (
        <ErrorAlert>{videoLibraryMessages.bufferVideoLoadFailed}</ErrorAlert>
      ) : (
        // The buttons go under the video when the row is narrow (a phone): never wider than the screen.
        <Group wrap="wrap" gap="md" data-testid="chosen-video">
          <Group wrap="nowrap" gap="md" style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <VideoThumbnail url={video.data.urls.thumbnail} width={128} />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={500} truncate data-testid="chosen-video-name">
                {video.data.name}
              </Text>
              <Text size="xs" c="dimmed">
                {durationLabel(video.data)}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="wrap" data-testid="chosen-video-actions">
            <Button size="xs" variant="default" onClick={() => handlers.onPreview(video.data)}>
              Preview
            </Button>
            {onRename && (
              <Button size="xs" variant="default" onClick={() => onRename(video.data)}>
                Rename
              </Button>
            )}
            <Button size="xs" variant="default" color="red" loading={removing} onClick={() => void remove()}>
              {removeLabel}
            </Button>
          </Group>
        </Group>
      )}
      <Group>
        <Button onClick={() => setPicking(true)}>{pickLabel}</Button>
      </Group>
      {picking && (
        <SelectVideosFromLibrary
          opened
          title={pickLabel}
          maxSelections={1}
          initialSelected={video.data ? [video.data] : []}
          restrictToWorkspace={workspaceId}
          onClose={() => setPicking(false)}
          onSave={async (videos) => {
            if (await onChange(videos[0]?.id ?? null)) setPicking(false);
          }}
        />
      )}
      {dialogs}
    </Stack>
  );
}
