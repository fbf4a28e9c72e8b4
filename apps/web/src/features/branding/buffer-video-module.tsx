import { Stack, Text } from '@mantine/core';
import { brandingErrorMessage, brandingMessages, type BrandingPatch } from '@studio/domain';
import { ApiRequestError } from '../../api/api-error.ts';
import { showToast } from '../../ui/toast.ts';
import type { VideoField } from '../../ui/video-field.ts';
import type { BrandingSubject } from './branding-api.ts';

/**
 * Spec 002 §2.2 "Buffer Video": the video that plays on stage before the event starts and between
 * sessions. One video is picked through 'Select Buffer Video'; it can be previewed, renamed or removed.
 */
export function BufferVideoModule({
  subject,
  onSave,
  VideoField,
}: {
  subject: BrandingSubject;
  onSave: (patch: BrandingPatch) => Promise<void>;
  VideoField: VideoField;
}) {
  async function save(id: string | null): Promise<boolean> {
    try {
      await onSave({ stage_roll_video_asset: id });
      showToast(brandingMessages.saved, 'success');
      return true;
    } catch (error) {
      showToast(
        brandingErrorMessage(error instanceof ApiRequestError ? (error.code ?? undefined) : undefined),
        'error',
      );
      return false;
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {brandingMessages.bufferVideoHelp}
      </Text>
      <VideoField
        videoId={subject.stageRollVideoId}
        pickLabel={brandingMessages.selectBufferVideo}
        emptyLabel={brandingMessages.noBufferVideo}
        removeLabel={brandingMessages.removeBufferVideo}
        workspaceId={subject.workspaceId}
        onChange={save}
      />
    </Stack>
  );
}
