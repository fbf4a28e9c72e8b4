import { generatePostsPath, postPath, type Post, type VideoAsset } from '@studio/domain';
import { spokenCaptions, type SpokenLine } from './demo-content.ts';
import type { StudioClient } from './studio-client.ts';

/** The keynote as its speakers said it, in order. */
const KEYNOTE_LINES: readonly SpokenLine[] = [
  ['Maya Chen', 'Welcome to the spring launch, everyone.'],
  ['Maya Chen', 'This year our event platform turns every webinar into content your marketing team can use.'],
  ['Maya Chen', 'Recordings become clips, posts and articles the same day the event ends.'],
  [
    'Leo Park',
    'Our customers told us that repurposing event content took their marketing team a whole week.',
  ],
  [
    'Leo Park',
    'With transcripts and chapters, the platform drafts the content while the audience is still talking about it.',
  ],
  ['Maya Chen', 'Every draft stays yours to edit before it is shared.'],
];

/**
 * The keynote's transcript (captions uploaded over its `seconds`), its drafts from it — social
 * posts, an email, a blog article, key takeaways — and the blog article shared on the attendee origin.
 */
export async function addDemoPosts(api: StudioClient, keynote: VideoAsset, seconds: number): Promise<string> {
  await api.post(`/api/core/video_assets/${keynote.id}/transcript/upload/`, {
    file_name: 'keynote.vtt',
    content: spokenCaptions(KEYNOTE_LINES, seconds),
  });
  const drafts = await api.post<Post[]>(generatePostsPath, { video_asset: keynote.id, event: keynote.event });
  const blog = drafts.find((post) => post.kind === 'BLOG');
  const shared = blog && (await api.patch<Post>(postPath(blog.id), { shared: true }));
  return `${drafts.length} drafts from its transcript${shared?.share_url ? `; its blog article is shared at ${shared.share_url}` : ''}`;
}
