import {
  deleteNeedsUsageCheck,
  videoLibraryMessages,
  type VideoAsset,
  type VideoUsageEntry,
} from '@studio/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAccess } from '../../session/use-access.ts';
import { showToast } from '../../ui/toast.ts';
import type { VideoActionHandlers } from '../../ui/video-row-actions.tsx';
import type { LibrarySettings } from './use-library-settings.ts';
import { DeleteVideoDialog, RenameVideoDialog, VideoInUseDialog } from './video-dialogs.tsx';

// The player (hls.js) loads when a preview first opens.
const PreviewVideoDialog = lazy(() =>
  import('../../ui/preview-video-dialog.tsx').then((module) => ({ default: module.PreviewVideoDialog })),
);
import { downloadSeoAssets, downloadVideoMp4 } from './video-files.ts';
import { fetchVideoUsage, useDeleteVideo } from './video-library-api.ts';

type OpenDialog =
  | { kind: 'preview'; video: VideoAsset }
  | { kind: 'rename'; video: VideoAsset }
  | { kind: 'delete'; video: VideoAsset; variant: 'standard' | 'clip' }
  | { kind: 'in-use'; video: VideoAsset; entries: VideoUsageEntry[] }
  | null;

const isClip = (video: VideoAsset) => video.source === 'CLIP' || video.creation_type === 'CLIP';

/** The library's changes (rename, delete, upload, chapters, transcript): its server routes demand video:update. */
export const VIDEO_CHANGE_RIGHT = 'video:update';

/** Whether the signed-in member may change the library's videos (false until their rights are known). */
export function useCanChangeVideos(organizationId: string): boolean {
  return useAccess(organizationId).can(VIDEO_CHANGE_RIGHT);
}

/**
 * The library's actions on a video (spec 000 §5 "Actions on rows", §4 "Delete flow") and the
 * dialogs they open; `dialogs` is rendered once by the screen. Rename and Delete are offered only
 * to a member who may change videos (`canChange`), as the server refuses the others.
 */
export function useVideoActions(
  settings: LibrarySettings,
  events: { onDeleted?: (video: VideoAsset) => void } = {},
) {
  const canChange = useCanChangeVideos(settings.organizationId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const remove = useDeleteVideo({
    onDeleted: (video) => {
      setDialog(null);
      events.onDeleted?.(video);
    },
    onInUse: (video, entries) => setDialog({ kind: 'in-use', video, entries }),
  });
  const close = () => setDialog(null);

  async function askToDelete(video: VideoAsset) {
    if (deleteNeedsUsageCheck(video)) {
      try {
        const entries = await fetchVideoUsage(video.id);
        if (entries.length > 0) {
          setDialog({ kind: 'in-use', video, entries });
          return;
        }
      } catch {
        showToast(videoLibraryMessages.usageFetchFailed, 'error');
        return;
      }
    }
    setDialog({ kind: 'delete', video, variant: isClip(video) ? 'clip' : 'standard' });
  }

  const handlers: Required<Pick<VideoActionHandlers, 'onPreview' | 'onDownload'>> &
    Pick<VideoActionHandlers, 'onRename' | 'onDelete' | 'onSeoExport'> = {
    onPreview: (video) => setDialog({ kind: 'preview', video }),
    onDownload: (video) => void downloadVideoMp4(video),
    ...(canChange
      ? {
          onRename: (video: VideoAsset) => setDialog({ kind: 'rename', video }),
          onDelete: (video: VideoAsset) => void askToDelete(video),
        }
      : {}),
    ...(settings.seoExport ? { onSeoExport: (video: VideoAsset) => void downloadSeoAssets(video) } : {}),
  };

  let dialogs: ReactNode = null;
  if (dialog?.kind === 'preview') {
    dialogs = (
      <Suspense fallback={null}>
        <PreviewVideoDialog video={dialog.video} guarded={settings.hlsGuard} onClose={close} />
      </Suspense>
    );
  }
  if (dialog?.kind === 'rename') dialogs = <RenameVideoDialog video={dialog.video} onClose={close} />;
  if (dialog?.kind === 'delete') {
    const { video } = dialog;
    dialogs = (
      <DeleteVideoDialog
        video={video}
        kind={dialog.variant}
        deleting={remove.isPending}
        onConfirm={() => remove.mutate(video)}
        onCancel={close}
      />
    );
  }
  if (dialog?.kind === 'in-use') dialogs = <VideoInUseDialog entries={dialog.entries} onClose={close} />;

  return { handlers, dialogs, canChange };
}
