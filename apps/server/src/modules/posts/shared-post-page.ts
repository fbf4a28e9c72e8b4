import { postBlocks, type PostBlock } from '@studio/domain';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../platform/mail/mail.ts';
import { page } from '../attendee-site/layout.ts';
import { notFoundPage } from '../attendee-site/registration-pages.ts';
import { sendHtml } from '../attendee-site/send-html.ts';
import type { PostsService } from './posts.service.ts';

/** How much of a post its link preview shows (Open Graph and Twitter descriptions). */
const PREVIEW_LENGTH = 200;

const blockHtml = (block: PostBlock): string => {
  switch (block.type) {
    case 'heading':
      return `<h2>${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'quote':
      return `<blockquote>${escapeHtml(block.text)}</blockquote>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag} class="post-list">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    }
  }
};

/** The preview text: the post's words on one line, cut at a word. */
export function previewOf(body: string): string {
  const text = postBlocks(body)
    .flatMap((block) => (block.type === 'list' ? block.items : [block.text]))
    .join(' ');
  return text.length <= PREVIEW_LENGTH
    ? text
    : `${text.slice(0, PREVIEW_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * `/shared/post/{postId}` on the attendee origin (issue 37 item 5): the post to read, with the
 * social tags a shared link previews by. A post whose sharing was turned off is not found; on an
 * organisation's verified custom domain only that organisation's posts are.
 */
export function registerSharedPostPage(
  site: FastifyInstance,
  deps: {
    posts: Pick<PostsService, 'shared'>;
    organizationOfHost: (hostname: string) => Promise<string | undefined>;
  },
): void {
  site.get<{ Params: { postId: string } }>('/shared/post/:postId', async (request, reply) => {
    const post = await deps.posts.shared(request.params.postId);
    const owner = post && (await deps.organizationOfHost(request.hostname));
    if (!post || (owner !== undefined && owner !== post.organizationId))
      return sendHtml(reply, 404, notFoundPage());
    const title = post.title || 'Shared post';
    const body = `<article><h1>${escapeHtml(title)}</h1>${postBlocks(post.body).map(blockHtml).join('')}</article>`;
    return sendHtml(reply, 200, page(title, body, { description: previewOf(post.body), url: post.url }));
  });
}

/**
 * The studio's own `/shared/post/{postId}` (spec 001 §2's route table): a shared post is read on
 * the attendee origin, so the studio sends the visitor there; otherwise the studio's page answers.
 */
export function redirectSharedPosts(app: FastifyInstance, posts: Pick<PostsService, 'shared'>): void {
  app.get<{ Params: { postId: string } }>('/shared/post/:postId', async (request, reply) => {
    const post = await posts.shared(request.params.postId);
    if (!post) return reply.callNotFound();
    return reply.header('cache-control', 'no-store').redirect(post.url, 302);
  });
}
