import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import {
  formatMessage,
  VIDEO_TABLE_PAGE_SIZE,
  videoListAddressSchema,
  videoLibraryMessages,
  type VideoAsset,
  widgetMessages,
} from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useEffectEvent, useState, type MouseEvent } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useListPage } from '../../ui/list-page.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast } from '../../ui/toast.ts';
import { VideoRowActions } from '../../ui/video-row-actions.tsx';
import { VideoTable } from '../../ui/video-table.tsx';
import { creatorLabel } from '../../ui/video-table-rules.ts';
import { useLibrarySettings } from './use-library-settings.ts';
import { useVideoActions } from './use-video-actions.tsx';
import { useVideoStatusUpdates } from './use-video-status-updates.ts';
import type { FilterOption } from './video-filters-api.ts';
import { useVideoList, videoAssetQuery } from './video-library-api.ts';
import { VideoToolbar } from './video-toolbar.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { AccessGate } from '../../ui/no-access.tsx';

// The uploader (Uppy, tus) loads when an upload first starts.
const UploadVideoDialog = lazy(() =>
  import('../../ui/upload-video-dialog.tsx').then((module) => ({ default: module.UploadVideoDialog })),
);

export const LIBRARY_PATH = '/videos';
export const videoHref = (id: string) => `${LIBRARY_PATH}/${encodeURIComponent(id)}`;

/** The library's address for a state (defaults left out). */
/**
 * Spec 000 §2: a row opens the video's edit address — on /videos in the same tab (a new one with
 * ctrl or meta), from anywhere else in a new tab.
 */
export function opensInNewTab(event: Pick<MouseEvent, 'ctrlKey' | 'metaKey'>, pathname: string): boolean {
  return event.ctrlKey || event.metaKey || pathname !== LIBRARY_PATH;
}

/** The message a failed call's answer carried, if it carried one. */
function ownMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const body = error.body as { message?: unknown } | null;
  return body && typeof body.message === 'string' && body.message ? body.message : null;
}

/** /videos: the organisation's video library (spec 000 §2 "Video Library table"), for those who may see videos. */
export function VideosPage() {
  return (
    <AccessGate anyOf={['video:read']} what="the Video Library">
      <VideoLibrary />
    </AccessGate>
  );
}

function VideoLibrary() {
  const settings = useLibrarySettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useLocation({ select: (location) => location.pathname });
  const page = useListPage(LIBRARY_PATH, videoListAddressSchema);
  const { state, show, setPage } = page;
  const [uploading, setUploading] = useState(false);
  const list = useVideoList(settings.organizationId, state, VIDEO_TABLE_PAGE_SIZE);
  const { handlers, dialogs, canChange: canUpload } = useVideoActions(settings);
  useVideoStatusUpdates(settings.user.id, LIBRARY_PATH);

  // Spec 000 §8: 'Unable to fetch videos. Please try again.' — or the error's own message.
  useEffect(() => {
    if (list.isError) showToast(ownMessage(list.error) ?? videoLibraryMessages.fetchVideosFailed, 'error');
  }, [list.isError, list.error]);

  // Spec 000 §4: an emptied page while there are videos goes back to page 1.
  const backToFirstPage = useEffectEvent(() => show({}, { replace: true }));
  const emptiedPage = Boolean(
    list.data &&
    !list.isPlaceholderData &&
    list.data.results.length === 0 &&
    list.data.count > 0 &&
    state.page > 1,
  );
  useEffect(() => {
    if (emptiedPage) backToFirstPage();
  }, [emptiedPage]);

  const videos = list.data?.results ?? [];
  const knownCreators: FilterOption[] = videos.flatMap((video) =>
    video.created_by ? [{ value: video.created_by.id, label: creatorLabel(video) }] : [],
  );
  const term = state.search.trim();

  const openVideo = (video: VideoAsset, event: Pick<MouseEvent, 'ctrlKey' | 'metaKey'>) => {
    if (opensInNewTab(event, pathname)) {
      window.open(videoHref(video.id), '_blank', 'noopener');
      return;
    }
    void navigate({ href: videoHref(video.id) });
  };

  const uploadButton = canUpload && (
    <Button onClick={() => setUploading(true)}>{widgetMessages.uploadVideo}</Button>
  );
  return (
    <Stack gap="md">
      <PageHeader title="Video Library" actions={uploadButton} />
      <VideoToolbar settings={settings} list={page} knownCreators={knownCreators} />
      {list.isPending && (
        <Center p="xl">
          <Loader aria-label="Loading videos" />
        </Center>
      )}
      {list.isError && !list.data && <ErrorAlert>{videoLibraryMessages.fetchVideosFailed}</ErrorAlert>}
      {list.data && list.data.count === 0 && (
        <Stack align="center" gap="xs" p="xl" data-testid="videos-empty">
          {term ? (
            <Text fw={500}>{formatMessage(videoLibraryMessages.noVideosMatching, { term })}</Text>
          ) : (
            <>
              <Text fw={500}>{videoLibraryMessages.noVideosFound}</Text>
              {canUpload && <Text c="dimmed">{videoLibraryMessages.uploadToStart}</Text>}
              {uploadButton}
            </>
          )}
        </Stack>
      )}
      {videos.length > 0 && (
        <VideoTable
          videos={videos}
          ordering={state.ordering}
          onOrderingChange={(ordering) => show({ ordering })}
          showSource={!settings.legacyMode}
          sourceLabel={settings.sourceLabel}
          showWorkspace={settings.workspacesEnabled}
          refreshing={list.isFetching && list.isPlaceholderData}
          onRowClick={openVideo}
          onRowPrefetch={(video) => void queryClient.prefetchQuery(videoAssetQuery(video.id))}
          renderActions={(video, position) => (
            <VideoRowActions
              video={video}
              tooltipPosition={position}
              context={{ isSelected: false, legacyMode: settings.legacyMode, assetLibraryVariant: false }}
              {...handlers}
            />
          )}
        />
      )}
      {list.data && (
        <ListPagination
          total={list.data.count}
          pageSize={VIDEO_TABLE_PAGE_SIZE}
          page={state.page}
          onChange={setPage}
          estimated={list.data.count_is_estimate}
        />
      )}
      {uploading && (
        <Suspense fallback={null}>
          <UploadVideoDialog
            organizationId={settings.organizationId}
            workspacesEnabled={settings.workspacesEnabled}
            onClose={() => setUploading(false)}
          />
        </Suspense>
      )}
      {dialogs}
    </Stack>
  );
}
