import {
  eventMessages,
  pageSchema,
  tagAlreadyExistsMessage,
  tagSchema,
  TAGS_PAGE_SIZE,
  type Tag,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

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

const isDuplicate = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'TAG_ALREADY_IN_ENTITY';

/** The toast for a failed create or rename: the duplicate message (name cut to 20 + …), else the generic one. */
export function tagSaveFailure(error: unknown, name: string, fallback: string): string {
  return isDuplicate(error) ? tagAlreadyExistsMessage(name.trim()) : fallback;
}

/** Creates a tag, or renames one when `id` is given; the tag pickers of every screen follow. */
export const useSaveTag = (organizationId: string, onSaved: () => unknown) =>
  useStudioMutation({
    mutationFn: ({ id, name }: { id?: string | undefined; name: string }) =>
      id ? renameTag(id, name.trim()) : createTag(organizationId, name.trim()),
    successToast: (_tag, { id }) => (id ? 'Tag renamed successfully.' : 'Tag created successfully.'),
    failureToast: (error, { id, name }) =>
      tagSaveFailure(error, name, id ? 'Error renaming tag' : eventMessages.errorCreatingTag),
    invalidates: [queryKeys.tags.all],
    onSuccess: onSaved,
  });

export const useDeleteTag = (onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: (tag: Tag) => deleteTag(tag.id),
    successToast: 'Tag deleted successfully.',
    failureToast: eventMessages.errorDeletingTag,
    invalidates: [queryKeys.tags.all],
    onSuccess: onDeleted,
  });
