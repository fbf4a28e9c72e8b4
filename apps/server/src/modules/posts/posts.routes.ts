import {
  createPostRequestSchema,
  generatePostsRequestSchema,
  postSchema,
  postsQuerySchema,
  sharedLinkSchema,
  updatePostRequestSchema,
} from '@studio/domain';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ContentLabArea } from '../clips/content-lab-switch.ts';
import type { PostsService } from './posts.service.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

const tags = ['posts'];

/**
 * Posts drafted from a video's transcript (issue 37 item 4), under `/api/content/posts/`: read and
 * written with their video's rights.
 */
export function registerPostsRoutes(
  app: HttpServer,
  posts: PostsService,
  publicUrl: string,
  contentLab: ContentLabArea,
): void {
  const route = routesOf(app, tags);
  const path = '/api/content/posts/';

  route.get(
    path,
    contentLab.readers,
    { query: postsQuerySchema, answer: z.array(postSchema) },
    ({ caller, query }) => posts.list(caller, query),
  );
  registerResourceRoutes(app, publicUrl, {
    path,
    tags,
    rights: contentLab.rights,
    area: contentLab.area,
    part: postSchema,
    create: { body: createPostRequestSchema, answer: (caller, body) => posts.create(caller, body) },
    get: (caller, id) => posts.get(caller, id),
    change: { body: updatePostRequestSchema, answer: (caller, id, body) => posts.update(caller, id, body) },
    delete: (caller, id) => posts.remove(caller, id),
  });
  route.post(
    `${path}generate/`,
    contentLab.editors,
    { body: generatePostsRequestSchema, answer: z.array(postSchema), status: 201 },
    ({ caller, body }) => posts.generate(caller, body),
  );

  // Public: the studio's `/shared/post/{id}` page, reached in the app, forwards there.
  publicRoutesOf(app, tags).get(
    '/api/content/shared_posts/:id/',
    { params: idParams, answer: sharedLinkSchema },
    async ({ params }) => {
      const post = await posts.shared(params.id);
      if (!post) throw notFound();
      return { share_url: post.url };
    },
  );
}
