import {
  projectMessages,
  type ContentProject,
  type VideoAsset,
  type VideoProject,
  type createProjectRequestSchema,
  type updateProjectRequestSchema,
} from '@studio/domain';
import type { z } from 'zod';
import { isUuid } from '../../platform/db/uuid.ts';
import { requirePermission } from '../../platform/http/access-rules.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import { sameFields, timestampsOf } from '../../platform/http/answers.ts';
import type { VideoLibraryService } from '../video-library/video-library.service.ts';
import type { ContentProjectRow, ProjectsRepository } from './projects.repository.ts';

/** Content Lab projects (issue 37 §3): an organisation's folders of the videos clips are cut from. */
export function createProjectsService({
  projects,
  library,
}: {
  projects: ProjectsRepository;
  library: VideoLibraryService;
}) {
  /** The organisation's project, or 404 (another organisation's, or no such id). */
  async function projectOf(organizationId: string, id: string): Promise<ContentProjectRow> {
    const row = isUuid(id) ? await projects.find(organizationId, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(caller: Caller): Promise<ContentProject[]> {
      const { organizationId } = requirePermission(caller, 'video:read');
      return (await projects.list(organizationId)).map(projectView);
    },

    async get(caller: Caller, id: string): Promise<ContentProject> {
      const { organizationId } = requirePermission(caller, 'video:read');
      return projectView(await projectOf(organizationId, id));
    },

    async create(
      caller: Caller,
      request: z.output<typeof createProjectRequestSchema>,
    ): Promise<ContentProject> {
      const member = requirePermission(caller, 'video:update');
      const id = await projects.insert({
        organization_id: member.organizationId,
        name: request.name,
        created_by: member.userId,
      });
      return projectView(await projectOf(member.organizationId, id));
    },

    async rename(
      caller: Caller,
      id: string,
      request: z.output<typeof updateProjectRequestSchema>,
    ): Promise<ContentProject> {
      const { organizationId } = requirePermission(caller, 'video:update');
      const row = await projectOf(organizationId, id);
      await projects.rename(organizationId, row.id, request.name);
      return projectView(await projectOf(organizationId, row.id));
    },

    /** Refused (409 PROJECT_NOT_EMPTY) while the project holds videos or clips: nothing is lost or moved unseen. */
    async delete(caller: Caller, id: string): Promise<void> {
      const { organizationId } = requirePermission(caller, 'video:update');
      const row = await projectOf(organizationId, id);
      if (!(await projects.deleteIfEmpty(organizationId, row.id)))
        throw new HttpError(409, 'PROJECT_NOT_EMPTY', projectMessages.notEmpty);
    },

    /** The project's videos the caller sees (their teams' only, when restricted), a page. */
    async videos(
      caller: Caller,
      id: string,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; results: VideoAsset[] }> {
      const { organizationId } = requirePermission(caller, 'video:read');
      const row = await projectOf(organizationId, id);
      const results = await library.videosOf(caller, await projects.videoIds(row.id, page));
      return { count: row.video_count, results };
    },

    /**
     * The project each of these videos is in (a video is in at most one; adding it elsewhere moves
     * it): what the add-a-video picker says before a video is moved. Ids of videos the caller does
     * not see (another organisation's, another team's) or in no project are left out.
     */
    async videoProjects(caller: Caller, videoIds: readonly string[]): Promise<VideoProject[]> {
      const { organizationId } = requirePermission(caller, 'video:read');
      const seen = await library.videosOf(caller, videoIds.filter(isUuid));
      return projects.projectsOfVideos(
        organizationId,
        seen.map((video) => video.id),
      );
    },

    /** Puts a library video the caller may edit in the project (out of the one it was in). */
    async addVideo(caller: Caller, id: string, videoId: string | undefined): Promise<ContentProject> {
      const { organizationId } = requirePermission(caller, 'video:update');
      const row = await projectOf(organizationId, id);
      if (!videoId) throw fieldError('video_asset', projectMessages.chooseVideo);
      const { record } = await library.writable(caller, videoId);
      await projects.putVideo(row.id, record.id);
      return projectView(await projectOf(organizationId, row.id));
    },

    /**
     * The project a video of the organisation is edited in: the one it is in, else the default
     * project, where it is put (a recording opened from the Video Library before any was chosen).
     */
    async projectOfVideo(organizationId: string, videoId: string): Promise<string> {
      const project = await projects.projectOfVideo(organizationId, videoId);
      if (project) return project;
      const fallback = await projects.defaultOf(organizationId, projectMessages.defaultProjectName);
      return projects.placeVideo(fallback, videoId);
    },
  };
}

function projectView(row: ContentProjectRow): ContentProject {
  return {
    ...sameFields(row, ['id', 'name', 'is_default', 'video_count', 'clip_count', 'created_by']),
    ...timestampsOf(row),
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
