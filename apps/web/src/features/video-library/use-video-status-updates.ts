import type { VideoAsset, VideoAssetUpdatedMessage } from '@studio/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { studioRealtime } from '../../api/realtime.ts';
import { VIDEO_ASSETS_KEY, type VideoPage } from './video-library-api.ts';

type Update = VideoAssetUpdatedMessage['data'];

/** An asset with a pushed status change applied. */
export function applyUpdate(video: VideoAsset, update: Update): VideoAsset {
  return {
    ...video,
    transcode_status: update.transcode_status,
    status: update.status,
    transcoder_warnings: update.transcoder_warnings,
    transcoder_errors: update.transcoder_errors,
    warnings: update.transcoder_warnings,
    errors: update.transcoder_errors,
    duration: update.duration ?? video.duration,
    updated_at: update.updated_at,
  };
}

/**
 * Applies a `video-asset-updated` push to every cached list and asset at once, then has them read
 * again where the push cannot say everything (new URLs once playable, a deletion, the end).
 */
export function applyVideoUpdate(queryClient: QueryClient, update: Update): void {
  queryClient.setQueriesData<VideoPage>({ queryKey: [VIDEO_ASSETS_KEY, 'list'] }, (page) =>
    page
      ? {
          ...page,
          results: page.results.map((video) => (video.id === update.id ? applyUpdate(video, update) : video)),
        }
      : page,
  );
  queryClient.setQueryData<VideoAsset>([VIDEO_ASSETS_KEY, 'one', update.id], (video) =>
    video ? applyUpdate(video, update) : video,
  );
  const settled = update.transcode_status === 'COMPLETE' || update.transcode_status === 'ERROR';
  if (update.deleted || update.playable || settled)
    void queryClient.invalidateQueries({ queryKey: [VIDEO_ASSETS_KEY] });
}

/**
 * Keeps the library's cached videos in step with the server's pushes (spec 000 §2: a processing
 * row turns Completed without a reload). After every (re)connection the lists are read again, in
 * case a push was missed while the socket was down.
 */
export function useVideoStatusUpdates(userId: string, route: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const release = studioRealtime.retain();
    studioRealtime.setEventId({ eventId: null, userId, route });
    const unsubscribe = studioRealtime.subscribe((message) => {
      if (message.type === 'video-asset-updated') applyVideoUpdate(queryClient, message.data);
      if (message.type === 'ready') void queryClient.invalidateQueries({ queryKey: [VIDEO_ASSETS_KEY] });
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [queryClient, userId, route]);
}
