import { generatePostsPath, postPath, type Post, type VideoAsset } from '@studio/domain';
import type { StudioClient } from './studio-client.ts';

/** The keynote as its speakers said it: captions uploaded as the organiser would (WebVTT with voices). */
const KEYNOTE_CAPTIONS = `WEBVTT

00:00:00.000 --> 00:00:03.000
<v Maya Chen>Welcome to the spring launch, everyone.

00:00:03.000 --> 00:00:08.000
<v Maya Chen>This year our event platform turns every webinar into content your marketing team can use.

00:00:08.000 --> 00:00:12.000
<v Maya Chen>Recordings become clips, posts and articles the same day the event ends.

00:00:12.000 --> 00:00:16.000
<v Leo Park>Our customers told us that repurposing event content took their marketing team a whole week.

00:00:16.000 --> 00:00:20.000
<v Leo Park>With transcripts and chapters, the platform drafts the content while the audience is still talking about it.

00:00:20.000 --> 00:00:24.000
<v Maya Chen>Every draft stays yours to edit before it is shared.
`;

/**
 * The keynote's transcript (uploaded captions), its drafts from it — social posts, an email, a
 * blog article, key takeaways — and the blog article shared on the attendee origin.
 */
export async function addDemoPosts(api: StudioClient, keynote: VideoAsset): Promise<string> {
  await api.post(`/api/core/video_assets/${keynote.id}/transcript/upload/`, {
    file_name: 'keynote.vtt',
    content: KEYNOTE_CAPTIONS,
  });
  const drafts = await api.post<Post[]>(generatePostsPath, { video_asset: keynote.id, event: keynote.event });
  const blog = drafts.find((post) => post.kind === 'BLOG');
  const shared = blog && (await api.patch<Post>(postPath(blog.id), { shared: true }));
  return `${drafts.length} drafts from its transcript${shared?.share_url ? `; its blog article is shared at ${shared.share_url}` : ''}`;
}
