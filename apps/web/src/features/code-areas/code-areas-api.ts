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
const trackingSnippetKey = (eventId: string) => ['tracking-snippet', eventId] as const;

/** Whose code areas: an event's (its public pages) or an organisation's (its hub pages: JavaScript embeds). */
export interface CodeAreasOwner {
  kind: 'event' | 'organization';
  id: string;
}
const codeAreasPath = ({ kind, id }: CodeAreasOwner) =>
  kind === 'event'
    ? `${eventPath(id)}/code_areas/`
    : `/core/organization/${encodeURIComponent(id)}/code_areas/`;
const codeAreasKey = ({ kind, id }: CodeAreasOwner) => ['code-areas', kind, id] as const;

/** GET /api/event/{id}/code_areas/ or /api/core/organization/{id}/code_areas/ */
export const codeAreasQuery = (owner: CodeAreasOwner) =>
  queryOptions({
    queryKey: codeAreasKey(owner),
    queryFn: () =>
      studioApi.request({ method: 'GET', path: codeAreasPath(owner), schema: pageCodeAreasSchema }),
  });
export const useCodeAreas = (owner: CodeAreasOwner) => useQuery(codeAreasQuery(owner));

/** PATCH one area: '{title} code area successfully saved', else 'Error in the {title} code area: {message}'. */
export function useSaveCodeArea(owner: CodeAreasOwner, area: PageCodeArea) {
  const title = CODE_AREA_TITLES[area];
  return useStudioMutation({
    mutationFn: (code: string) =>
      studioApi.request({
        method: 'PATCH',
        path: codeAreasPath(owner),
        body: { [area]: code },
        schema: pageCodeAreasSchema,
      }),
    invalidates: [codeAreasKey(owner)],
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
