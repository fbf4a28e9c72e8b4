import {
  CLIP_UPDATED,
  clipMessages,
  clipSchema,
  pageSchema,
  savedSearchMessages,
  savedSearchSchema,
  videoAssetSchema,
  type Clip,
  type ClipSearchFilters,
  type CreateClipRequest,
  type CreateSavedSearchRequest,
  type UpdateSavedSearchRequest,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';

/** Content Lab's reads live under the videos' key: a library change refreshes them too. */
const VIDEOS = queryKeys.videoAssets.all[0];
/** Every list of clips (a video's, a search's): a clip change refreshes them all. */
const CLIPS = [VIDEOS, 'clips'] as const;
const clipsKey = (videoId: string) => [...CLIPS, videoId] as const;
const SAVED_SEARCHES = [VIDEOS, 'saved-searches'] as const;

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

/** GET /api/content_lab/clips/?video_asset=: a video's clips, newest first. */
export const fetchClips = (videoId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/content_lab/clips/?${new URLSearchParams({ video_asset: videoId })}`,
    schema: pageSchema(clipSchema),
  });
/**
 * A clip's cut (its step and progress) and then its video's processing are pushed: the lists of
 * clips shown are read again at each, and after a reconnection in case one was missed.
 */
function useClipPushes() {
  useReadAgainOnPush(
    'clips',
    CLIPS,
    (message) =>
      message.type === CLIP_UPDATED || message.type === 'video-asset-updated' || message.type === 'ready',
  );
}

export const clipsQuery = (videoId: string) =>
  queryOptions({ queryKey: clipsKey(videoId), queryFn: () => fetchClips(videoId) });
export const useClips = (videoId: string) => {
  useClipPushes();
  return useQuery(clipsQuery(videoId));
};

/** What a clip search asks: text matched against clip names, and filters. */
export interface ClipSearch {
  query: string;
  filters: ClipSearchFilters;
}

/** GET /api/content_lab/clip_search/: the organisation's clips matching a search not saved yet. */
export const fetchClipSearch = ({ query, filters }: ClipSearch) =>
  studioApi.request({
    method: 'GET',
    path: `/content_lab/clip_search/?${new URLSearchParams({
      query,
      ...(filters.video_asset ? { video_asset: filters.video_asset } : {}),
      ...(filters.vertical !== undefined ? { vertical: String(filters.vertical) } : {}),
      ...(filters.shared !== undefined ? { shared: String(filters.shared) } : {}),
    })}`,
    schema: pageSchema(clipSchema),
  });
export const useClipSearch = (search: ClipSearch) => {
  useClipPushes();
  return useQuery({ queryKey: [...CLIPS, 'search', search], queryFn: () => fetchClipSearch(search) });
};

/** GET /api/content_lab/saved_searches/ */
export const fetchSavedSearches = () =>
  studioApi.request({
    method: 'GET',
    path: '/content_lab/saved_searches/',
    schema: z.array(savedSearchSchema),
  });
export const useSavedSearches = () => useQuery({ queryKey: SAVED_SEARCHES, queryFn: fetchSavedSearches });

const savedSearchPath = (id: string) => `/content_lab/saved_searches/${encodeURIComponent(id)}/`;

/** GET /api/content_lab/saved_searches/{id}/ */
export const fetchSavedSearch = (id: string) =>
  studioApi.request({ method: 'GET', path: savedSearchPath(id), schema: savedSearchSchema });
export const useSavedSearch = (id: string) =>
  useQuery({ queryKey: [...SAVED_SEARCHES, id], queryFn: () => fetchSavedSearch(id) });

/** GET /api/content_lab/saved_searches/{id}/clips/: the clips matching it now. */
export const fetchSavedSearchClips = (id: string) =>
  studioApi.request({ method: 'GET', path: `${savedSearchPath(id)}clips/`, schema: pageSchema(clipSchema) });
export const useSavedSearchClips = (id: string) => {
  useClipPushes();
  return useQuery({ queryKey: [...CLIPS, 'saved-search', id], queryFn: () => fetchSavedSearchClips(id) });
};

export const useSaveSearch = (onSaved: () => void) =>
  useStudioMutation({
    mutationFn: (request: CreateSavedSearchRequest) =>
      studioApi.request({
        method: 'POST',
        path: '/content_lab/saved_searches/',
        body: request,
        schema: savedSearchSchema,
      }),
    successToast: savedSearchMessages.searchSaved,
    invalidates: [SAVED_SEARCHES],
    onSuccess: onSaved,
  });

export const useRenameSavedSearch = (onRenamed: () => void) =>
  useStudioMutation({
    mutationFn: ({ id, ...changes }: UpdateSavedSearchRequest & { id: string }) =>
      studioApi.request({
        method: 'PATCH',
        path: savedSearchPath(id),
        body: changes,
        schema: savedSearchSchema,
      }),
    successToast: savedSearchMessages.searchRenamed,
    invalidates: [SAVED_SEARCHES],
    onSuccess: onRenamed,
  });

export const useDeleteSavedSearch = (onDeleted: () => void) =>
  useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: savedSearchPath(id) }),
    successToast: savedSearchMessages.searchDeleted,
    removes: (_answer, id) => [
      [...SAVED_SEARCHES, id],
      [...CLIPS, 'saved-search', id],
    ],
    invalidates: [SAVED_SEARCHES],
    onSuccess: onDeleted,
  });

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

export const useShareClip = () =>
  useStudioMutation({
    mutationFn: shareClip,
    successToast: (clip) => (clip.shared ? clipMessages.sharingOn : clipMessages.sharingOff),
    invalidates: [CLIPS],
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

export const useDeleteClip = (onDeleted: () => void) =>
  useStudioMutation({
    mutationFn: deleteClip,
    successToast: clipMessages.clipDeleted,
    invalidates: [CLIPS],
    onSuccess: onDeleted,
  });
