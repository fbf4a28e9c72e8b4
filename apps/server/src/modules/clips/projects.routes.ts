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
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import { noContent } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ProjectsService } from './projects.service.ts';

const tags = ['content lab'];
const idParams = z.object({ id: z.string() });
const VIDEOS_PAGE_SIZE = 50;

/** Route hooks: 401 anonymous, 403 without the permission — before the request is validated. */
const reads = guard({ permission: 'video:read' });
const writes = guard({ permission: 'video:update' });

/** Content Lab projects (issue 37 §3; paths of our design under the spec's `/content_lab/` prefix). */
export function registerProjectsRoutes(app: HttpServer, projects: ProjectsService, publicUrl: string): void {
  app.get(
    '/api/content_lab/projects/',
    {
      preValidation: reads.preValidation,
      schema: { tags, response: { 200: z.array(contentProjectSchema) } },
    },
    async (request) => projects.list(reads.of(request).caller),
  );

  app.post(
    '/api/content_lab/projects/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createProjectRequestSchema, response: { 201: contentProjectSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await projects.create(writes.of(request).caller, request.body)),
  );

  app.get(
    '/api/content_lab/projects/:id/',
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: contentProjectSchema } },
    },
    async (request) => projects.get(reads.of(request).caller, request.params.id),
  );

  app.patch(
    '/api/content_lab/projects/:id/',
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateProjectRequestSchema,
        response: { 200: contentProjectSchema },
      },
    },
    async (request) => projects.rename(writes.of(request).caller, request.params.id, request.body),
  );

  app.delete(
    '/api/content_lab/projects/:id/',
    { preValidation: writes.preValidation, schema: { tags, params: idParams } },
    noContent((request) => projects.delete(writes.of(request).caller, request.params.id)),
  );

  app.get(
    '/api/content_lab/projects/:id/videos/',
    {
      preValidation: reads.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(videoAssetSchema) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, VIDEOS_PAGE_SIZE);
      const { count, results } = await projects.videos(reads.of(request).caller, request.params.id, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/content_lab/projects/:id/videos/',
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: addProjectVideoRequestSchema,
        response: { 200: contentProjectSchema },
      },
    },
    async (request) =>
      projects.addVideo(writes.of(request).caller, request.params.id, request.body.video_asset),
  );
}
