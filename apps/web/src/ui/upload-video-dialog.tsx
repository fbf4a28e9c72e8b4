import { Select, Stack, Text } from '@mantine/core';
import { LIBRARY_VIDEO_MAX_BYTES, NO_TEAM, videoLibraryMessages, type VideoAsset } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { workspaceOptionsQuery } from '../api/entity-options.ts';
import { failureMessage } from '../api/api-error.ts';
import { localSession } from '../api/local-session.ts';
import { queryKeys } from '../api/query-keys.ts';
import { studioApi } from '../api/studio-api.ts';
import { createVideoAsset, startTranscode, type NewVideoAsset } from '../api/video-uploads.ts';
import { FileUploader, type UploadedFile } from './file-uploader.tsx';
import type { UploaderConfig } from './file-uploader-rules.ts';
import { StudioDialog } from './studio-dialog.tsx';
import { showToast, useFailureToast } from './toast.ts';
import { checkLibraryVideo, type CheckedVideo } from './video-checks.ts';

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

/** Where an upload goes: the library's organisation and team, or Content Lab (CL_UPLOAD, the caller's). */
export type UploadTarget = Pick<NewVideoAsset, 'organization' | 'workspace' | 'source'>;

/**
 * Spec 000 §4 "After upload": create the asset (form body), then ask for transcoding —
 * 'Video is uploaded and is being processed...' or 'Unable to start video transcoding...'.
 * Answers the asset with the status transcoding left it in.
 */
export async function finishLibraryUpload(
  upload: UploadedFile<CheckedVideo>,
  target: UploadTarget,
): Promise<VideoAsset> {
  if (!upload.checked) throw new Error(videoLibraryMessages.fileUploadFailed);
  const asset = await createVideoAsset({
    ...target,
    name: videoNameOf(upload.file.name),
    uploaded: upload.uploadURL,
    duration: upload.checked.duration,
    thumbnail: upload.checked.thumbnail,
  }).catch((error: unknown) => {
    showToast(failureMessage(error), 'error');
    throw error;
  });
  try {
    const started = await startTranscode(asset.id);
    showToast(videoLibraryMessages.transcodeStarted, 'success');
    return { ...asset, transcode_status: started.transcode_status };
  } catch (error) {
    showToast(videoLibraryMessages.transcodeStartFailed, 'error');
    throw error;
  }
}

/**
 * The Upload Video dialog of the library and of Content Lab: asks before closing while a file is
 * still on its way. The library's passes its organisation (and a team, or lets one be chosen);
 * Content Lab's imports one video at a time (`onImported`) as a Content Lab upload.
 */
export function UploadVideoDialog({
  organizationId,
  workspacesEnabled = false,
  workspace: fixedWorkspace,
  onImported,
  onClose,
}: {
  organizationId?: string;
  workspacesEnabled?: boolean;
  workspace?: string | null;
  onImported?: (asset: VideoAsset) => Promise<void>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [workspace, setWorkspace] = useState<string>(fixedWorkspace ?? NO_TEAM);
  const choosesWorkspace = workspacesEnabled && fixedWorkspace === undefined && organizationId !== undefined;
  const workspaces = useQuery({
    ...workspaceOptionsQuery(organizationId ?? ''),
    enabled: choosesWorkspace,
  });
  useFailureToast(workspaces.isError, videoLibraryMessages.fetchWorkspacesFailed);

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
          config={onImported ? { ...LIBRARY_UPLOAD_CONFIG, maxNumberOfFiles: 1 } : LIBRARY_UPLOAD_CONFIG}
          metadata={{ kind: 'video' }}
          authorization={uploadAuthorization}
          check={(file) => checkLibraryVideo(file)}
          chooseLabel={onImported ? 'Choose video' : 'Choose videos'}
          onBusyChange={setBusy}
          onFailed={() => showToast(videoLibraryMessages.fileUploadFailed, 'error')}
          onUploaded={async (upload) => {
            try {
              const asset = await finishLibraryUpload(
                upload,
                onImported
                  ? { source: 'CL_UPLOAD' }
                  : { organization: organizationId, workspace: workspace === NO_TEAM ? null : workspace },
              );
              await onImported?.(asset);
            } finally {
              await queryClient.invalidateQueries({ queryKey: queryKeys.videoAssets.all });
            }
          }}
        />
      </Stack>
    </StudioDialog>
  );
}
