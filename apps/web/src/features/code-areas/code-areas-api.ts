import {
  CODE_AREA_TITLES,
  codeAreaMessages,
  pageCodeAreasSchema,
  trackingSnippetAnswerSchema,
  type PageCodeArea,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../api/api-error.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const eventPath = (eventId: string) => `/event/${encodeURIComponent(eventId)}`;
const codeAreasKey = (eventId: string) => ['code-areas', eventId] as const;
const trackingSnippetKey = (eventId: string) => ['tracking-snippet', eventId] as const;

/** GET /api/event/{id}/code_areas/ */
export const codeAreasQuery = (eventId: string) =>
  queryOptions({
    queryKey: codeAreasKey(eventId),
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${eventPath(eventId)}/code_areas/`,
        schema: pageCodeAreasSchema,
      }),
  });
export const useCodeAreas = (eventId: string) => useQuery(codeAreasQuery(eventId));

/** PATCH one area: '{title} code area successfully saved', else 'Error in the {title} code area: {message}'. */
export function useSaveCodeArea(eventId: string, area: PageCodeArea) {
  const title = CODE_AREA_TITLES[area];
  return useStudioMutation({
    mutationFn: (code: string) =>
      studioApi.request({
        method: 'PATCH',
        path: `${eventPath(eventId)}/code_areas/`,
        body: { [area]: code },
        schema: pageCodeAreasSchema,
      }),
    invalidates: [codeAreasKey(eventId)],
    successToast: codeAreaMessages.saved(title),
    failureToast: (error) => codeAreaMessages.saveFailed(title, failureMessage(error)),
  });
}

/** GET /api/event/{id}/tracking_snippet/ */
export const trackingSnippetQuery = (eventId: string) =>
  queryOptions({
    queryKey: trackingSnippetKey(eventId),
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${eventPath(eventId)}/tracking_snippet/`,
        schema: trackingSnippetAnswerSchema,
      }),
  });
export const useTrackingSnippet = (eventId: string) => useQuery(trackingSnippetQuery(eventId));

/** POST `{body_section_script}` (002 §7.2); a failure restores the previous content, its message not shown (§8). */
export function useSaveTrackingSnippet(eventId: string) {
  return useStudioMutation({
    mutationFn: (code: string) =>
      studioApi.request({
        method: 'POST',
        path: `${eventPath(eventId)}/tracking_snippet/`,
        body: { body_section_script: code },
        schema: trackingSnippetAnswerSchema,
      }),
    invalidates: [trackingSnippetKey(eventId)],
    successToast: codeAreaMessages.saved(CODE_AREA_TITLES.tracking_snippet),
    onFailure: () => undefined,
  });
}
