import { z } from 'zod';
import {
  addProjectVideoRequestSchema,
  contentProjectSchema,
  createProjectRequestSchema,
  pageQuerySchema,
  pageSchema,
  updateProjectRequestSchema,
  videoAssetSchema,
  videoProjectSchema,
  videoProjectsQuerySchema,
} from '@studio/domain';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ContentLabArea } from './content-lab-switch.ts';
import type { ProjectsService } from './projects.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['content lab'];
const VIDEOS_PAGE_SIZE = 50;

/** Content Lab projects (issue 37 §3; paths of our design under the spec's `/content_lab/` prefix). */
export function registerProjectsRoutes(
  app: HttpServer,
  projects: ProjectsService,
  publicUrl: string,
  contentLab: ContentLabArea,
): void {
  const route = routesOf(app, tags, publicUrl);
  route.get(
    '/api/content_lab/projects/',
    contentLab.readers,
    { answer: z.array(contentProjectSchema) },
    ({ caller }) => projects.list(caller),
  );

  route.get(
    '/api/content_lab/video_projects/',
    contentLab.readers,
    { query: videoProjectsQuerySchema, answer: z.array(videoProjectSchema) },
    ({ caller, query }) => projects.videoProjects(caller, query.video_asset),
  );

  registerResourceRoutes(app, publicUrl, {
    path: '/api/content_lab/projects/',
    tags,
    rights: contentLab.rights,
    area: contentLab.area,
    part: contentProjectSchema,
    create: { body: createProjectRequestSchema, answer: (caller, body) => projects.create(caller, body) },
    get: (caller, id) => projects.get(caller, id),
    change: {
      body: updateProjectRequestSchema,
      answer: (caller, id, body) => projects.rename(caller, id, body),
    },
    delete: (caller, id) => projects.delete(caller, id),
  });

  route.list(
    '/api/content_lab/projects/:id/videos/',
    contentLab.readers,
    {
      params: idParams,
      query: pageQuerySchema,
      answer: pageSchema(videoAssetSchema),
      pageSize: VIDEOS_PAGE_SIZE,
    },
    ({ caller, params, page }) => projects.videos(caller, params.id, page),
  );

  route.post(
    '/api/content_lab/projects/:id/videos/',
    contentLab.editors,
    { params: idParams, body: addProjectVideoRequestSchema, answer: contentProjectSchema },
    ({ caller, params, body }) => projects.addVideo(caller, params.id, body.video_asset),
  );
}
