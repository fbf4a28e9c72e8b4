import { Alert, Button, Card, Center, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { brandingErrorMessage, brandingMessages, videoLibraryMessages, type BrandingPatch } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { showToast } from '../../ui/toast.ts';
import { durationLabel } from '../../ui/video-table-rules.ts';
import { SelectVideosFromLibrary } from '../video-library/select-videos-from-library.tsx';
import { useLibrarySettings } from '../video-library/use-library-settings.ts';
import { useVideoActions } from '../video-library/use-video-actions.tsx';
import { videoAssetQuery } from '../video-library/video-library-api.ts';
import type { BrandingSubject } from './branding-subject.ts';

/**
 * Spec 002 §2.2 "Buffer Video": the video that plays on stage before the event starts and between
 * sessions. One video is picked through 'Select Buffer Video'; it can be previewed, renamed or removed.
 */
export function BufferVideoModule({ subject, onSave }: { subject: BrandingSubject; onSave: (patch: BrandingPatch) => Promise<void> }) {
  const settings = useLibrarySettings();
  const { handlers, dialogs } = useVideoActions(settings);
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const videoId = subject.stageRollVideoId;
  const video = useQuery({ ...videoAssetQuery(videoId ?? ''), enabled: Boolean(videoId) });

  async function save(id: string | null): Promise<boolean> {
    try {
      await onSave({ stage_roll_video_asset: id });
      showToast(brandingMessages.saved, 'success');
      return true;
    } catch (error) {
      showToast(brandingErrorMessage(error instanceof ApiRequestError ? (error.code ?? undefined) : undefined), 'error');
      return false;
    }
  }

  async function remove() {
    setRemoving(true);
    await save(null);
    setRemoving(false);
  }

  return (
    <Card withBorder padding="lg" style={{ flex: 1 }} aria-labelledby="buffer-video-title">
      <Stack gap="sm">
        <Title id="buffer-video-title" order={3} size="h5">
          {brandingMessages.bufferVideoTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {brandingMessages.bufferVideoHelp}
        </Text>
        {!videoId ? (
          <Text size="sm">{brandingMessages.noBufferVideo}</Text>
        ) : video.isPending ? (
          <Loader size="sm" aria-label="Loading buffer video" />
        ) : video.isError ? (
          <Alert color="red">{videoLibraryMessages.bufferVideoLoadFailed}</Alert>
        ) : (
          <Group wrap="nowrap" gap="md" data-testid="buffer-video">
            <Center w={128} h={72} style={{ flexShrink: 0, background: 'var(--mantine-color-gray-2)', borderRadius: 4, overflow: 'hidden' }}>
              {video.data.urls.thumbnail && <Image src={video.data.urls.thumbnail} alt="" w={128} h={72} />}
            </Center>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={500} truncate data-testid="buffer-video-name">
                {video.data.name}
              </Text>
              <Text size="xs" c="dimmed">
                {durationLabel(video.data)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => handlers.onPreview(video.data)}>
                Preview
              </Button>
              <Button size="xs" variant="default" onClick={() => handlers.onRename(video.data)}>
                Rename
              </Button>
              <Button size="xs" variant="default" color="red" loading={removing} onClick={() => void remove()}>
                {brandingMessages.removeBufferVideo}
              </Button>
            </Group>
          </Group>
        )}
        <Group>
          <Button onClick={() => setPicking(true)}>{brandingMessages.selectBufferVideo}</Button>
        </Group>
      </Stack>
      {picking && (
        <SelectVideosFromLibrary
          opened
          title={brandingMessages.selectBufferVideo}
          maxSelections={1}
          initialSelected={video.data ? [video.data] : []}
          {...(settings.workspacesEnabled ? { restrictToWorkspace: subject.workspaceId } : {})}
          onClose={() => setPicking(false)}
          onSave={async (videos) => {
            if (await save(videos[0]?.id ?? null)) setPicking(false);
          }}
        />
      )}
      {dialogs}
    </Card>
  );
}
