import { sharedClipLinkPath, sharedLinkSchema, sharedPostLinkPath } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientPath, studioApi } from '../../api/studio-api.ts';

/** What is shared: a clip or a post, each with its public page on the attendee origin. */
export type SharedKind = 'clip' | 'post';

const linkPaths: Record<SharedKind, (id: string) => string> = {
  clip: sharedClipLinkPath,
  post: sharedPostLinkPath,
};

/** GET /api/content_lab/shared_clips/{id}/ or /api/content/shared_posts/{id}/ (public): where the shared page is. */
export const fetchSharedLink = (kind: SharedKind, id: string) =>
  studioApi.request({
    method: 'GET',
    path: clientPath(linkPaths[kind](encodeURIComponent(id))),
    schema: sharedLinkSchema,
  });
export const sharedLinkQuery = (kind: SharedKind, id: string) =>
  queryOptions({
    queryKey: ['shared-link', kind, id],
    queryFn: () => fetchSharedLink(kind, id),
    retry: false,
  });
export const useSharedLink = (kind: SharedKind, id: string) => useQuery(sharedLinkQuery(kind, id));
