import {
  editLinkSchema,
  pageSchema,
  renameAnswerSchema,
  renamesByLibraryId,
  videoAssetSchema,
  videoLibraryMessages,
  videoUsageEntrySchema,
  type Page,
  type VideoAsset,
  type VideoUsageEntry,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/api-error.ts';
import { showToast } from '../../ui/toast.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { videoListParams, type LibrarySearch } from './library-search.ts';

const videoPageSchema = pageSchema(videoAssetSchema);
export type VideoPage = Page<VideoAsset>;

/** Every cached list and asset of the library sits under this key. */
export const VIDEO_ASSETS_KEY = queryKeys.videoAssets.all[0];

/** GET /api/core/video_assets/ with the screen's filters (spec 000 §7 "List video assets"). */
export const fetchVideoPage = (params: URLSearchParams) =>
  studioApi.request({ method: 'GET', path: `/core/video_assets/?${params}`, schema: videoPageSchema });

export const videoListQuery = (organizationId: string, state: LibrarySearch, pageSize: number) =>
  queryOptions({
    queryKey: [VIDEO_ASSETS_KEY, 'list', organizationId, { ...state, pageSize }],
    queryFn: () => fetchVideoPage(videoListParams(state, pageSize)),
    placeholderData: keepPreviousData,
  });

export const useVideoList = (organizationId: string, state: LibrarySearch, pageSize: number) =>
  useQuery(videoListQuery(organizationId, state, pageSize));

/** GET /api/core/video_assets/{id}/ */
export const fetchVideoAsset = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `/core/video_assets/${encodeURIComponent(id)}/`,
    schema: videoAssetSchema,
  });

export const videoAssetQuery = (id: string) =>
  queryOptions({
    queryKey: [VIDEO_ASSETS_KEY, 'one', id],
    queryFn: () => fetchVideoAsset(id),
    staleTime: 10_000,
  });

export const useVideoAsset = (id: string) => useQuery(videoAssetQuery(id));

/** GET /api/core/video_assets/{id}/usage/ — where the video is used. */
/**
 * Spec 000 §7 "Clip edit lookup": where the video is edited in Content Lab — Content Lab uploads
 * by `video_library_id`, other sources by `video_asset`. A refusal carries the §8 edit error code.
 */
export const fetchEditLink = (video: Pick<VideoAsset, 'id' | 'source'>) =>
  studioApi.request({
    method: 'GET',
    path: `/content_lab/edit_link/?${new URLSearchParams({ [video.source === 'CL_UPLOAD' ? 'video_library_id' : 'video_asset']: video.id })}`,
    schema: editLinkSchema,
  });

export const editLinkQuery = (video: Pick<VideoAsset, 'id' | 'source'>) =>
  queryOptions({
    queryKey: [VIDEO_ASSETS_KEY, 'edit-link', video.id],
    queryFn: () => fetchEditLink(video),
    retry: false,
  });

/** The lookup's states (spec 000 §4): loading, the url found, or an error code. */
export const useEditLink = (video: Pick<VideoAsset, 'id' | 'source'>, enabled: boolean) =>
  useQuery({ ...editLinkQuery(video), enabled });

export const fetchVideoUsage = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `/core/video_assets/${encodeURIComponent(id)}/usage/`,
    schema: videoUsageEntrySchema.array(),
  });

export const videoUsageQuery = (id: string) =>
  queryOptions({ queryKey: [VIDEO_ASSETS_KEY, 'usage', id], queryFn: () => fetchVideoUsage(id) });

export const useVideoUsage = (id: string, enabled = true) => useQuery({ ...videoUsageQuery(id), enabled });

/**
 * Spec 000 §7 "Rename asset": CL_UPLOAD, CLIP, EVENT_RECORDING and DIRECT_RECORDING rename through
 * video_library_id and title; other sources by id with the body `name`.
 */
export async function renameVideo(video: Pick<VideoAsset, 'id' | 'source'>, name: string): Promise<void> {
  if (renamesByLibraryId(video.source)) {
    await studioApi.request({
      method: 'POST',
      path: '/content_lab/video_library/rename/',
      body: { video_library_id: video.id, title: name },
      schema: renameAnswerSchema,
    });
    return;
  }
  await studioApi.request({
    method: 'PATCH',
    path: `/core/video_assets/${encodeURIComponent(video.id)}/`,
    body: { name },
    schema: videoAssetSchema,
  });
}

/** PATCH name and description of an asset (the video page). */
export const updateVideoDetails = (id: string, details: { name: string; description: string }) =>
  studioApi.request({
    method: 'PATCH',
    path: `/core/video_assets/${encodeURIComponent(id)}/`,
    body: details,
    schema: videoAssetSchema,
  });

/** The video page's success toast when the description changed (the spec gives none). */
export const DETAILS_SAVED = 'Video details saved.';

export interface VideoDetailsChange {
  video: Pick<VideoAsset, 'id' | 'source' | 'description'>;
  name: string;
  /** Set by the video page; an upload's changed description is saved with its name. */
  description?: string;
}

/** Rename (spec 000 §4, the dialog) or save the video page's details; the library refreshes. */
export const useSaveVideoDetails = (options: {
  onSaved?: () => unknown;
  onFailure: (error: unknown) => void;
}) =>
  useStudioMutation({
    mutationFn: async ({ video, name, description }: VideoDetailsChange) => {
      const trimmed = name.trim();
      if (
        description !== undefined &&
        description !== (video.description ?? '') &&
        video.source === 'UPLOAD'
      ) {
        await updateVideoDetails(video.id, { name: trimmed, description });
        return 'details' as const;
      }
      await renameVideo(video, trimmed);
      return 'renamed' as const;
    },
    successToast: (saved) => (saved === 'details' ? DETAILS_SAVED : videoLibraryMessages.videoRenamed),
    invalidates: [[VIDEO_ASSETS_KEY]],
    onSuccess: options.onSaved,
    onFailure: options.onFailure,
  });

/** DELETE /api/core/video_assets/{id}/ */
export const deleteVideo = (id: string) =>
  studioApi.request({ method: 'DELETE', path: `/core/video_assets/${encodeURIComponent(id)}/` });

/**
 * Spec 000 §4 "Delete flow": 'Video deleted successfully.'; a video in use (409 VIDEO_IN_USE)
 * answers its usage entries to the screen ('Video in use'); any other failure is a toast.
 */
export const useDeleteVideo = (options: {
  onDeleted: (video: VideoAsset) => unknown;
  onInUse: (video: VideoAsset, entries: VideoUsageEntry[]) => unknown;
}) =>
  useStudioMutation({
    mutationFn: (video: VideoAsset) => deleteVideo(video.id),
    successToast: videoLibraryMessages.videoDeleted,
    removes: (_answer, video) => [[VIDEO_ASSETS_KEY, 'one', video.id]],
    invalidates: [[VIDEO_ASSETS_KEY]],
    onSuccess: (_answer, video) => options.onDeleted(video),
    onFailure: (error, video) => {
      if (error instanceof ApiRequestError && error.code === 'VIDEO_IN_USE') {
        void fetchVideoUsage(video.id)
          .catch(() => [] as VideoUsageEntry[])
          .then((entries) => options.onInUse(video, entries));
        return;
      }
      showToast(
        error instanceof ApiRequestError ? error.message : videoLibraryMessages.deleteFailed,
        'error',
      );
    },
  });
