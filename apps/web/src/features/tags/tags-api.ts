import { pageSchema, tagSchema, TAGS_PAGE_SIZE } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';

export const TAGS_KEY = queryKeys.tags.all[0];
const tagPath = (id: string) => `/core/tags/${encodeURIComponent(id)}/`;

/** GET /api/core/tags/: the whole library (the screen filters it). */
export const fetchTags = (organizationId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/core/tags/?organization=${encodeURIComponent(organizationId)}&limit=${TAGS_PAGE_SIZE}`,
    schema: pageSchema(tagSchema),
  });

export const tagsQuery = (organizationId: string) =>
  queryOptions({ queryKey: [TAGS_KEY, organizationId], queryFn: () => fetchTags(organizationId) });

export const useTags = (organizationId: string) => useQuery(tagsQuery(organizationId));

export const createTag = (organizationId: string, tagName: string) =>
  studioApi.request({
    method: 'POST',
    path: '/core/tags/',
    body: { organization: organizationId, tag_name: tagName },
    schema: tagSchema,
  });

export const renameTag = (id: string, tagName: string) =>
  studioApi.request({ method: 'PATCH', path: tagPath(id), body: { tag_name: tagName }, schema: tagSchema });

export const deleteTag = (id: string) => studioApi.request({ method: 'DELETE', path: tagPath(id) });
