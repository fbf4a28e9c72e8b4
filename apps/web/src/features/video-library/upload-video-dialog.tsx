import { Select, Stack, Text } from '@mantine/core';
import { LIBRARY_VIDEO_MAX_BYTES, NO_TEAM, videoLibraryMessages } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { workspaceOptionsQuery } from '../../api/entity-options.ts';
import { failureMessage } from '../../api/api-error.ts';
import { localSession } from '../../api/local-session.ts';
import { studioApi } from '../../api/studio-api.ts';
import { FileUploader, type UploadedFile } from '../../ui/file-uploader.tsx';
import type { UploaderConfig } from '../../ui/file-uploader-rules.ts';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { showToast } from '../../ui/toast.ts';
import type { LibrarySettings } from './use-library-settings.ts';
import { checkLibraryVideo, type CheckedVideo } from './video-checks.ts';

import { createVideoAsset, startTranscode, VIDEO_ASSETS_KEY } from './video-library-api.ts';

/** Spec 000 §5: the library takes mp4 files only, up to 5,242,880,000 bytes; several at once, each with its progress. */
export const LIBRARY_UPLOAD_CONFIG: UploaderConfig = {
  allowedFileTypes: ['.mp4', 'video/mp4'],
  maxFileSize: LIBRARY_VIDEO_MAX_BYTES,
  maxNumberOfFiles: 10,
};

export const TUS_ENDPOINT = '/api/uploads/';

/** The video's name: its file name without the extension. */
export const videoNameOf = (fileName: string) => fileName.replace(/\.[^.]+$/, '').trim() || fileName;

const uploadAuthorization = {
  token: () => localSession.tokens()?.access ?? null,
  renew: () => studioApi.renewSession(),
};

/**
 * Spec 000 §4 "After upload": create the asset (form body), then ask for transcoding —
 * 'Video is uploaded and is being processed...' or 'Unable to start video transcoding...'.
 */
export async function finishLibraryUpload(
  upload: UploadedFile<CheckedVideo>,
  context: { organizationId: string; workspace: string | null },
): Promise<void> {
  if (!upload.checked) throw new Error(videoLibraryMessages.fileUploadFailed);
  const asset = await createVideoAsset({
    name: videoNameOf(upload.file.name),
    organization: context.organizationId,
    uploaded: upload.uploadURL,
    duration: upload.checked.duration,
    thumbnail: upload.checked.thumbnail,
    workspace: context.workspace,
  }).catch((error: unknown) => {
    showToast(failureMessage(error), 'error');
    throw error;
  });
  try {
    await startTranscode(asset.id);
    showToast(videoLibraryMessages.transcodeStarted, 'success');
  } catch (error) {
    showToast(videoLibraryMessages.transcodeStartFailed, 'error');
    throw error;
  }
}

/** The Upload Video dialog: asks before closing while a file is still on its way. */
export function UploadVideoDialog({
  settings,
  workspace: fixedWorkspace,
  onClose,
}: {
  settings: LibrarySettings;
  workspace?: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [workspace, setWorkspace] = useState<string>(fixedWorkspace ?? NO_TEAM);
  const choosesWorkspace = settings.workspacesEnabled && fixedWorkspace === undefined;
  const workspaces = useQuery({
    ...workspaceOptionsQuery(settings.organizationId),
    enabled: choosesWorkspace,
  });
  useEffect(() => {
    if (workspaces.isError) showToast(videoLibraryMessages.fetchWorkspacesFailed, 'error');
  }, [workspaces.isError]);

  return (
    <StudioDialog opened onClose={onClose} title="Upload Video" size="medium" preventClose={busy}>
      <Stack gap="sm">
        {choosesWorkspace && (
          <Select
            label="Team workspace"
            data={[{ value: NO_TEAM, label: 'No team' }, ...(workspaces.data ?? [])]}
            value={workspace}
            onChange={(value) => setWorkspace(value ?? NO_TEAM)}
            allowDeselect={false}
            disabled={busy}
          />
        )}
        <Text size="xs" c="dimmed">
          MP4 videos, at least 1 second long.
        </Text>
        <FileUploader<CheckedVideo>
          endpoint={TUS_ENDPOINT}
          config={LIBRARY_UPLOAD_CONFIG}
          metadata={{ kind: 'video' }}
          authorization={uploadAuthorization}
          check={(file) => checkLibraryVideo(file)}
          chooseLabel="Choose videos"
          onBusyChange={setBusy}
          onFailed={() => showToast(videoLibraryMessages.fileUploadFailed, 'error')}
          onUploaded={async (upload) => {
            try {
              await finishLibraryUpload(upload, {
                organizationId: settings.organizationId,
                workspace: workspace === NO_TEAM ? null : workspace,
              });
            } finally {
              await queryClient.invalidateQueries({ queryKey: [VIDEO_ASSETS_KEY] });
            }
          }}
        />
      </Stack>
    </StudioDialog>
  );
}
