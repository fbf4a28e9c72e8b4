import {
  eventMessages,
  hubPageAttendeeLinksSchema,
  hubPageSchema,
  pageSchema,
  type HubPage,
} from '@studio/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureMessage } from '../../api/api-error.ts';
import { listPageQuery } from '../../api/list-page-query.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { showToast } from '../../ui/toast.ts';

export const HUB_PAGES_KEY = queryKeys.hubPages.all[0];
const base = '/event/hub-pages/';
const hubPagePath = (id: string) => `${base}${encodeURIComponent(id)}/`;

/** A hub page's screens (001 §2.3 pages/{pageId} and pages/{pageId}/hub-page-builder). */
export const hubPageHref = (id: string) => `/pages/${encodeURIComponent(id)}`;
export const hubPageBuilderHref = (id: string) => `${hubPageHref(id)}/hub-page-builder`;
/** The way into the builder, on the page and in its row's menu. */
export const OPEN_PAGE_BUILDER = 'Open Page Builder';

export const fetchHubPagePage = (params: URLSearchParams) =>
  studioApi.request({ method: 'GET', path: `${base}?${params}`, schema: pageSchema(hubPageSchema) });

export const hubPageListQuery = (params: URLSearchParams) =>
  listPageQuery([HUB_PAGES_KEY], params, fetchHubPagePage);

export const useHubPageList = (params: URLSearchParams) => useQuery(hubPageListQuery(params));

export const fetchHubPage = (id: string) =>
  studioApi.request({ method: 'GET', path: hubPagePath(id), schema: hubPageSchema });

export const hubPageQuery = (id: string) =>
  queryOptions({ queryKey: [HUB_PAGES_KEY, 'one', id], queryFn: () => fetchHubPage(id), retry: false });

export const useHubPage = (id: string) => useQuery(hubPageQuery(id));

/** GET /api/event/hub-pages/{id}/attendee_links/: the page as attendees open it, on the attendee origin. */
export const fetchHubPageLink = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `${hubPagePath(id)}attendee_links/`,
    schema: hubPageAttendeeLinksSchema,
  });

export const hubPageLinkQuery = (id: string) =>
  queryOptions({ queryKey: [HUB_PAGES_KEY, 'link', id], queryFn: () => fetchHubPageLink(id), retry: false });

export const useHubPageLink = (id: string) => useQuery(hubPageLinkQuery(id));

/** Opens a hub page as attendees see it in a new tab (its row's 'View page'), once its address is known. */
export function useOpenHubPage() {
  const queryClient = useQueryClient();
  return (id: string) =>
    void queryClient.fetchQuery(hubPageLinkQuery(id)).then(
      (links) => window.open(links.page, '_blank', 'noopener,noreferrer'),
      (error: unknown) => showToast(failureMessage(error), 'error'),
    );
}

export const createHubPage = (body: { name: string; organization: string; workspace?: string | null }) =>
  studioApi.request({ method: 'POST', path: base, body, schema: hubPageSchema });

export const updateHubPage = (
  id: string,
  body: { name?: string; workspace?: string | null; events?: string[] },
) => studioApi.request({ method: 'PATCH', path: hubPagePath(id), body, schema: hubPageSchema });

export const duplicateHubPage = (id: string, body: { name?: string } = {}) =>
  studioApi.request({ method: 'POST', path: `${hubPagePath(id)}duplicate/`, body, schema: hubPageSchema });

export const deleteHubPage = (id: string) => studioApi.request({ method: 'DELETE', path: hubPagePath(id) });

// Mutation hooks: the spec's toasts and refreshes; screens say what happens next.

export const useCreateHubPage = (onCreated: (page: HubPage) => unknown) =>
  useStudioMutation({
    mutationFn: createHubPage,
    invalidates: [queryKeys.hubPages.all],
    onSuccess: onCreated,
  });

export const useUpdateHubPage = (id: string) =>
  useStudioMutation({
    mutationFn: (body: Parameters<typeof updateHubPage>[1]) => updateHubPage(id, body),
    successToast: 'Page updated successfully.',
    invalidates: [queryKeys.hubPages.all],
  });

export const useDuplicateHubPage = () =>
  useStudioMutation({
    mutationFn: (page: HubPage) => duplicateHubPage(page.id),
    successToast: 'Page duplicated successfully.',
    invalidates: [queryKeys.hubPages.all],
  });

export const useDeleteHubPage = (onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: (page: HubPage) => deleteHubPage(page.id),
    successToast: 'Page deleted successfully.',
    failureToast: eventMessages.failedToDeleteEventHub,
    invalidates: [queryKeys.hubPages.all],
    onSuccess: onDeleted,
  });
