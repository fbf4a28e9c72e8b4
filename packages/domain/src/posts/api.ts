import { z } from 'zod';
import { recordKeys } from '../records.ts';
import { timestampFields } from '../events/query.ts';

/**
 * Issue 37 item 4: the written content drafted from a video's transcript — social posts, an
 * email, a blog article and key takeaways (the webinar details tabs), each edited by hand and
 * shareable at `/shared/post/{postId}` on the attendee origin.
 */
export const POST_KINDS = ['SOCIAL', 'EMAIL', 'BLOG', 'TAKEAWAYS'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** The networks a social post is drafted for, each with its published length limit (characters). */
export const SOCIAL_POST_LIMITS = { LINKEDIN: 3000, X: 280, FACEBOOK: 63_206 } as const;
export type SocialNetwork = keyof typeof SOCIAL_POST_LIMITS;
export const SOCIAL_NETWORKS = recordKeys(SOCIAL_POST_LIMITS);
export const socialNetworkLabels: Record<SocialNetwork, string> = {
  LINKEDIN: 'LinkedIn',
  X: 'X (Twitter)',
  FACEBOOK: 'Facebook',
};

export const POST_TITLE_MAX = 200;
export const POST_BODY_MAX = 50_000;

export const postMessages = {
  noTranscript: 'This video has no transcript yet. Transcribe it or upload captions on the video page first.',
  nothingToDraft: 'The transcript has no sentences to draft from.',
  networkRequired: 'A social post names its network.',
  networkOnlySocial: 'Only a social post has a network.',
  tooLong: (network: SocialNetwork) =>
    `A ${socialNetworkLabels[network]} post is at most ${SOCIAL_POST_LIMITS[network]} characters.`,
  saved: 'Post saved.',
  deleted: 'Post deleted.',
  generated: 'Drafts generated from the transcript.',
  shared: 'Anyone with the link can read this post.',
  unshared: 'Sharing stopped: the link no longer opens the post.',
  notShared: 'This post is not shared.',
  openSharedPost: 'Open the post',
} as const;

/** Why a post's text cannot be saved as it is (a social post over its network's limit), or undefined. */
export function postBodyError(
  kind: PostKind,
  network: SocialNetwork | null,
  body: string,
): string | undefined {
  if (kind !== 'SOCIAL' || network === null) return undefined;
  return body.length > SOCIAL_POST_LIMITS[network] ? postMessages.tooLong(network) : undefined;
}

const id = z.string().trim().min(1).max(100);
const title = z.string().trim().max(POST_TITLE_MAX);
const body = z.string().max(POST_BODY_MAX);

export const postSchema = z.object({
  id: z.string(),
  kind: z.enum(POST_KINDS),
  network: z.enum(SOCIAL_NETWORKS).nullable(),
  title: z.string(),
  body: z.string(),
  video_asset: z.string(),
  event: z.string().nullable(),
  /** Whether `/shared/post/{id}` opens it; turning it off revokes the link. */
  shared: z.boolean(),
  /** The public page on the attendee origin, while shared. */
  share_url: z.string().nullable(),
  ...timestampFields,
});
export type Post = z.infer<typeof postSchema>;

const networkField = z.enum(SOCIAL_NETWORKS).nullable().default(null);

/** A post written by hand. */
export const createPostRequestSchema = z
  .object({
    kind: z.enum(POST_KINDS),
    network: networkField,
    title,
    body,
    video_asset: id,
    event: id.nullable().default(null),
  })
  .superRefine((post, context) => {
    if (post.kind === 'SOCIAL' && post.network === null)
      context.addIssue({ code: 'custom', path: ['network'], message: postMessages.networkRequired });
    if (post.kind !== 'SOCIAL' && post.network !== null)
      context.addIssue({ code: 'custom', path: ['network'], message: postMessages.networkOnlySocial });
    const error = postBodyError(post.kind, post.network, post.body);
    if (error) context.addIssue({ code: 'custom', path: ['body'], message: error });
  });
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** The editor's save, and the share switch. */
export const updatePostRequestSchema = z.object({
  title: title.optional(),
  body: body.optional(),
  shared: z.boolean().optional(),
});
export type UpdatePostRequest = z.infer<typeof updatePostRequestSchema>;

/** Drafts the kinds asked for (all by default) from the video's transcript; stored as new drafts. */
export const generatePostsRequestSchema = z.object({
  video_asset: id,
  event: id.nullable().default(null),
  kinds: z
    .array(z.enum(POST_KINDS))
    .min(1)
    .default([...POST_KINDS]),
});
export type GeneratePostsRequest = z.input<typeof generatePostsRequestSchema>;

/** A video's posts (a team admin sees only the videos of their teams, so a list names its video). */
export const postsQuerySchema = z.object({
  video_asset: id,
  event: id.optional(),
  kind: z.enum(POST_KINDS).optional(),
});

export const postsPath = '/api/content/posts/';
export const generatePostsPath = '/api/content/posts/generate/';
export const postPath = (postId: string) => `${postsPath}${postId}/`;
/** The public page, on the attendee origin. */
export const sharedPostPath = (postId: string) => `/shared/post/${postId}`;
/** Where the studio origin's `/shared/post/{postId}` asks for the page (public; 404 when not shared). */
export const sharedPostLinkPath = (postId: string) => `/api/content/shared_posts/${postId}/`;
