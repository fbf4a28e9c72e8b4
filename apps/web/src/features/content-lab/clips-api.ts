import {
  clipMessages,
  clipSchema,
  isProcessed,
  pageSchema,
  videoAssetSchema,
  type Clip,
  type CreateClipRequest,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** Content Lab's reads live under the videos' key: a library change refreshes them too. */
const VIDEOS = queryKeys.videoAssets.all[0];
const clipsKey = (videoId: string) => [VIDEOS, 'clips', videoId] as const;

/** Sources Content Lab edits (spec 000 §4 eligibility: plain uploads are LEGACY_VIDEO). */
export const CLIPPABLE_SOURCES = ['EVENT_RECORDING', 'DIRECT_RECORDING', 'CL_UPLOAD'] as const;
const CONTENT_LAB_PAGE_SIZE = 50;

/** GET /api/core/video_assets/?source=…: the videos Content Lab can make clips from, newest first. */
export const fetchContentVideos = () =>
  studioApi.request({
    method: 'GET',
    path: `/core/video_assets/?${new URLSearchParams({
      source: CLIPPABLE_SOURCES.join(','),
      ordering: '-created_at',
      limit: String(CONTENT_LAB_PAGE_SIZE),
    })}`,
    schema: pageSchema(videoAssetSchema),
  });
export const contentVideosQuery = () =>
  queryOptions({ queryKey: [VIDEOS, 'content-lab'], queryFn: fetchContentVideos });
export const useContentVideos = () => useQuery(contentVideosQuery());

/** GET /api/core/video_assets/{id}/ */
export const fetchContentVideo = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `/core/video_assets/${encodeURIComponent(id)}/`,
    schema: videoAssetSchema,
  });
export const contentVideoQuery = (id: string) =>
  queryOptions({ queryKey: [VIDEOS, 'one', id], queryFn: () => fetchContentVideo(id) });
export const useContentVideo = (id: string) => useQuery(contentVideoQuery(id));

const isProcessing = (clip: Clip) => !isProcessed(clip.status) && clip.status !== 'ERROR';

/** GET /api/content_lab/clips/?video_asset=: a video's clips, newest first. */
export const fetchClips = (videoId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/content_lab/clips/?${new URLSearchParams({ video_asset: videoId })}`,
    schema: pageSchema(clipSchema),
  });
export const clipsQuery = (videoId: string) =>
  queryOptions({
    queryKey: clipsKey(videoId),
    queryFn: () => fetchClips(videoId),
    // Cutting and processing progress is read until every clip has ended.
    refetchInterval: (query) => (query.state.data?.results.some(isProcessing) ? 2000 : false),
  });
export const useClips = (videoId: string) => useQuery(clipsQuery(videoId));

export const createClip = (request: CreateClipRequest) =>
  studioApi.request({ method: 'POST', path: '/content_lab/clips/', body: request, schema: clipSchema });

export const useCreateClip = (videoId: string, onCreated: (clip: Clip) => void) =>
  useStudioMutation({
    mutationFn: createClip,
    successToast: clipMessages.clipCreated,
    invalidates: [clipsKey(videoId)],
    onSuccess: onCreated,
  });

export const shareClip = ({ id, shared }: { id: string; shared: boolean }) =>
  studioApi.request({
    method: 'PATCH',
    path: `/content_lab/clips/${encodeURIComponent(id)}/`,
    body: { shared },
    schema: clipSchema,
  });

export const useShareClip = (videoId: string) =>
  useStudioMutation({
    mutationFn: shareClip,
    successToast: (clip) => (clip.shared ? clipMessages.sharingOn : clipMessages.sharingOff),
    invalidates: [clipsKey(videoId)],
  });

/** POST …/publish/: a clip Ready to be Published becomes a library video like any other. */
export const publishClip = (id: string) =>
  studioApi.request({
    method: 'POST',
    path: `/content_lab/clips/${encodeURIComponent(id)}/publish/`,
    schema: clipSchema,
  });

export const usePublishClip = () =>
  useStudioMutation({
    mutationFn: publishClip,
    successToast: clipMessages.clipPublished,
    // The clip and its library video both change.
    invalidates: [queryKeys.videoAssets.all],
  });

export const deleteClip = (id: string) =>
  studioApi.request({ method: 'DELETE', path: `/content_lab/clips/${encodeURIComponent(id)}/` });

export const useDeleteClip = (videoId: string, onDeleted: () => void) =>
  useStudioMutation({
    mutationFn: deleteClip,
    successToast: clipMessages.clipDeleted,
    invalidates: [clipsKey(videoId)],
    onSuccess: onDeleted,
  });
