import type { Studio } from '../../studio-area.ts';
import type { AttendeeSite } from '../attendee-site/attendee-site.ts';
import type { ContentLabArea } from '../clips/content-lab-switch.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { createPostsRepository } from './posts.repository.ts';
import { registerPostsRoutes } from './posts.routes.ts';
import { createPostsService } from './posts.service.ts';
import { redirectSharedPosts, registerSharedPostPage } from './shared-post-page.ts';

/**
 * Posts and written content (issue 37 items 4–5): drafts from a video's transcript in the studio,
 * and their public page `/shared/post/{postId}` on the attendee origin.
 */
export function postsArea(
  studio: Studio,
  ports: Pick<VideoLibraryArea, 'library' | 'transcripts'> &
    Pick<DomainsArea, 'domains' | 'attendeeBaseUrl'> & {
      backOffice: BackOffice;
      attendeeSite: AttendeeSite;
      contentLab: ContentLabArea;
    },
) {
  const posts = createPostsService({
    posts: createPostsRepository(studio.database.db),
    library: ports.library,
    transcripts: ports.transcripts,
    visibleEvent: (caller, eventId) =>
      ports.backOffice.events.programmeEventOf(caller, eventId, 'event:read'),
    attendeeBaseUrl: (organizationId) => ports.attendeeBaseUrl(organizationId),
    clock: studio.clock,
  });
  registerPostsRoutes(studio.app, posts, studio.publicUrl, ports.contentLab);
  redirectSharedPosts(studio.app, posts);
  registerSharedPostPage(ports.attendeeSite, {
    posts,
    organizationOfHost: studio.publicRead(
      (hostname: string) => ports.domains.organizationOfHost(hostname),
      String,
    ),
  });
  return { posts };
}
