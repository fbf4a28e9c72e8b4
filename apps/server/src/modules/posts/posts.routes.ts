import {
  createPostRequestSchema,
  generatePostsRequestSchema,
  postSchema,
  postsQuerySchema,
  sharedLinkSchema,
  updatePostRequestSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { created, idParams, noContent } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { PostsService } from './posts.service.ts';

const tags = ['posts'];
// Posts are read and written with their video: its reading and editing permissions.
const reads = guard({ permission: 'video:read' });
const writes = guard({ permission: 'video:update' });

/** Posts drafted from a video's transcript (issue 37 item 4), under `/api/content/posts/`. */
export function registerPostsRoutes(app: HttpServer, posts: PostsService): void {
  const path = '/api/content/posts/';

  app.get(
    path,
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: postsQuerySchema, response: { 200: z.array(postSchema) } },
    },
    (request) => posts.list(reads.of(request).caller, request.query),
  );
  app.post(
    `${path}generate/`,
    {
      preValidation: writes.preValidation,
      schema: { tags, body: generatePostsRequestSchema, response: { 201: z.array(postSchema) } },
    },
    created((request) => posts.generate(writes.of(request).caller, request.body)),
  );
  app.post(
    path,
    {
      preValidation: writes.preValidation,
      schema: { tags, body: createPostRequestSchema, response: { 201: postSchema } },
    },
    created((request) => posts.create(writes.of(request).caller, request.body)),
  );
  app.get(
    `${path}:id/`,
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: postSchema } },
    },
    (request) => posts.get(reads.of(request).caller, request.params.id),
  );
  app.patch(
    `${path}:id/`,
    {
      preValidation: writes.preValidation,
      schema: { tags, params: idParams, body: updatePostRequestSchema, response: { 200: postSchema } },
    },
    (request) => posts.update(writes.of(request).caller, request.params.id, request.body),
  );
  app.delete(
    `${path}:id/`,
    { preValidation: writes.preValidation, schema: { tags, params: idParams } },
    noContent((request) => posts.remove(writes.of(request).caller, request.params.id)),
  );

  // Public (`security: []`): the studio's `/shared/post/{id}` page, reached in the app, forwards there.
  app.get(
    '/api/content/shared_posts/:id/',
    { schema: { tags, security: [], params: idParams, response: { 200: sharedLinkSchema } } },
    async (request) => {
      const post = await posts.shared(request.params.id);
      if (!post) throw notFound();
      return { share_url: post.url };
    },
  );
}
