import {
  contentProjectSchema,
  pageSchema,
  projectMessages,
  videoAssetSchema,
  videoProjectSchema,
  type CreateProjectRequest,
  type UpdateProjectRequest,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** Under the videos' key too: a library change (a video deleted) refreshes the projects. */
const PROJECTS = [queryKeys.videoAssets.all[0], 'content-projects'] as const;
const projectPath = (id: string) => `/content_lab/projects/${encodeURIComponent(id)}/`;

/** GET /api/content_lab/projects/: the organisation's projects, newest first. */
export const useProjects = () =>
  useQuery({
    queryKey: PROJECTS,
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: '/content_lab/projects/',
        schema: z.array(contentProjectSchema),
      }),
  });

/** GET /api/content_lab/projects/{id}/: `data` stays undefined for another organisation's (404). */
export const useProject = (id: string) =>
  useQuery({
    queryKey: [...PROJECTS, id],
    queryFn: () => studioApi.request({ method: 'GET', path: projectPath(id), schema: contentProjectSchema }),
  });

/** GET /api/content_lab/projects/{id}/videos/ */
export const useProjectVideos = (id: string) =>
  useQuery({
    queryKey: [...PROJECTS, id, 'videos'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${projectPath(id)}videos/`,
        schema: pageSchema(videoAssetSchema),
      }),
  });

export const useCreateProject = (onCreated: () => void) =>
  useStudioMutation({
    mutationFn: (request: CreateProjectRequest) =>
      studioApi.request({
        method: 'POST',
        path: '/content_lab/projects/',
        body: request,
        schema: contentProjectSchema,
      }),
    successToast: projectMessages.projectCreated,
    invalidates: [PROJECTS],
    onSuccess: onCreated,
  });

export const useRenameProject = (onRenamed: () => void) =>
  useStudioMutation({
    mutationFn: ({ id, ...changes }: UpdateProjectRequest & { id: string }) =>
      studioApi.request({
        method: 'PATCH',
        path: projectPath(id),
        body: changes,
        schema: contentProjectSchema,
      }),
    successToast: projectMessages.projectRenamed,
    invalidates: [PROJECTS],
    onSuccess: onRenamed,
  });

export const useDeleteProject = (onDeleted: () => void) =>
  useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: projectPath(id) }),
    successToast: projectMessages.projectDeleted,
    removes: (_answer, id) => [[...PROJECTS, id]],
    invalidates: [PROJECTS],
    onSuccess: onDeleted,
  });

/** GET /api/content_lab/video_projects/?video_asset=…: the project each of these videos is in. */
export const useVideoProjects = (videoIds: readonly string[]) =>
  useQuery({
    queryKey: [...PROJECTS, 'of-videos', videoIds],
    enabled: videoIds.length > 0,
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/content_lab/video_projects/?${new URLSearchParams({ video_asset: videoIds.join(',') })}`,
        schema: z.array(videoProjectSchema),
      }),
  });

/** A video to put in the project, and the project it leaves (null: in none). */
export interface AddedVideo {
  videoId: string;
  from: string | null;
}

/** POST …/videos/: the video leaves the project it was in (the toast says it moved). */
export const useAddProjectVideo = (id: string) =>
  useStudioMutation({
    mutationFn: ({ videoId }: AddedVideo) =>
      studioApi.request({
        method: 'POST',
        path: `${projectPath(id)}videos/`,
        body: { video_asset: videoId },
        schema: contentProjectSchema,
      }),
    successToast: (_project, { from }) =>
      from === null ? projectMessages.videoAdded : projectMessages.videoMoved.replace('{project}', from),
    invalidates: [PROJECTS],
  });
