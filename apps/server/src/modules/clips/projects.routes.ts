import { z } from 'zod';
import {
  addProjectVideoRequestSchema,
  contentProjectSchema,
  createProjectRequestSchema,
  pageQuerySchema,
  pageSchema,
  updateProjectRequestSchema,
  videoAssetSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ProjectsService } from './projects.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['content lab'];
const VIDEOS_PAGE_SIZE = 50;

/** Route hooks: 401 anonymous, 403 without the permission — before the request is validated. */
const rights = { read: 'video:read', change: 'video:update' } as const;
const reads = guard({ permission: rights.read });
const writes = guard({ permission: rights.change });

/** Content Lab projects (issue 37 §3; paths of our design under the spec's `/content_lab/` prefix). */
export function registerProjectsRoutes(app: HttpServer, projects: ProjectsService, publicUrl: string): void {
  const route = routesOf(app, tags, publicUrl);
  route.get('/api/content_lab/projects/', reads, { answer: z.array(contentProjectSchema) }, ({ caller }) =>
    projects.list(caller),
  );

  registerResourceRoutes(app, publicUrl, {
    path: '/api/content_lab/projects/',
    tags,
    rights,
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
    reads,
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
    writes,
    { params: idParams, body: addProjectVideoRequestSchema, answer: contentProjectSchema },
    ({ caller, params, body }) => projects.addVideo(caller, params.id, body.video_asset),
  );
}
