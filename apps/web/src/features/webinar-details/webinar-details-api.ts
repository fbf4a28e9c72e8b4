import {
  generatePostsPath,
  pageSchema,
  postMessages,
  postPath,
  postSchema,
  postsPath,
  videoAssetSchema,
  type GeneratePostsRequest,
  type Post,
  type UpdatePostRequest,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '../../api/query-keys.ts';
import { clientPath as api, studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { pageQuery } from '../../ui/list-page.ts';

/** An event holds a few videos (its recordings and uploads, the videos it uses): one page shows them all. */
export const WEBINAR_VIDEOS_PAGE_SIZE = 50;

/**
 * The event's videos, newest first (spec 000 §7 list call, filtered by event): its own recordings
 * and uploads and the library videos it uses (buffer video, sessions' videos: `include_used`).
 */
export const fetchWebinarVideos = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/core/video_assets/?${pageQuery(1, WEBINAR_VIDEOS_PAGE_SIZE, { event_ids: eventId, include_used: 'true', ordering: '-created_at' })}`,
    schema: pageSchema(videoAssetSchema),
  });

export const webinarVideosQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.videoAssets.all, 'webinar', eventId],
    queryFn: () => fetchWebinarVideos(eventId),
  });

export const useWebinarVideos = (eventId: string) => useQuery(webinarVideosQuery(eventId));

/** GET /api/content/posts/?video_asset=: every post drafted from the video, newest first. */
export const fetchPosts = (videoId: string) =>
  studioApi.request({
    method: 'GET',
    path: `${api(postsPath)}?video_asset=${encodeURIComponent(videoId)}`,
    schema: z.array(postSchema),
  });

export const postsQuery = (videoId: string) =>
  queryOptions({ queryKey: queryKeys.posts.ofVideo(videoId), queryFn: () => fetchPosts(videoId) });

export const usePosts = (videoId: string) => useQuery(postsQuery(videoId));

/** "Generate": new drafts of a kind from the transcript. */
export const useGeneratePosts = () =>
  useStudioMutation({
    mutationFn: (request: GeneratePostsRequest) =>
      studioApi.request({
        method: 'POST',
        path: api(generatePostsPath),
        body: request,
        schema: z.array(postSchema),
      }),
    invalidates: [queryKeys.posts.all],
    successToast: postMessages.generated,
  });

/** The editor's save (title, text) and the share switch. */
export const useSavePost = () =>
  useStudioMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePostRequest }) =>
      studioApi.request({ method: 'PATCH', path: api(postPath(id)), body: changes, schema: postSchema }),
    invalidates: [queryKeys.posts.all],
    successToast: (post: Post, { changes }) =>
      changes.shared === undefined
        ? postMessages.saved
        : post.shared
          ? postMessages.shared
          : postMessages.unshared,
  });

export const useDeletePost = () =>
  useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: api(postPath(id)) }),
    invalidates: [queryKeys.posts.all],
    successToast: postMessages.deleted,
  });
