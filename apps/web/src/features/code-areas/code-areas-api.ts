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

/** Whose tracking pixels: an event's, a series' or repeating event's (its registration page), a template's (its events'). */
export interface TrackingOwner {
  kind: 'event' | 'series' | 'template';
  id: string;
}
const OWNER_BASES: Record<TrackingOwner['kind'] | 'organization', string> = {
  event: '/event/',
  series: '/event/series/',
  template: '/event/studio-templates/',
  organization: '/core/organization/',
};
const ownerPath = ({ kind, id }: CodeAreasOwner) => `${OWNER_BASES[kind]}${encodeURIComponent(id)}`;
const trackingSnippetKey = ({ kind, id }: TrackingOwner) => ['tracking-snippet', kind, id] as const;

/** Whose code areas: an event's, series' or template's (their public pages) or an organisation's (its hub pages: JavaScript embeds). */
export interface CodeAreasOwner {
  kind: TrackingOwner['kind'] | 'organization';
  id: string;
}
const codeAreasPath = (owner: CodeAreasOwner) => `${ownerPath(owner)}/code_areas/`;
const codeAreasKey = ({ kind, id }: CodeAreasOwner) => ['code-areas', kind, id] as const;

/** GET /api/event/{id}/code_areas/ (or the series', template's, organisation's) */
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

/** GET /api/event/{id}/tracking_snippet/ (or the series', the template's) */
export const trackingSnippetQuery = (owner: TrackingOwner) =>
  queryOptions({
    queryKey: trackingSnippetKey(owner),
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${ownerPath(owner)}/tracking_snippet/`,
        schema: trackingSnippetAnswerSchema,
      }),
  });
export const useTrackingSnippet = (owner: TrackingOwner) => useQuery(trackingSnippetQuery(owner));

/** POST `{body_section_script}` (002 §7.2); a failure restores the previous content, its message not shown (§8). */
export function useSaveTrackingSnippet(owner: TrackingOwner) {
  return useStudioMutation({
    mutationFn: (code: string) =>
      studioApi.request({
        method: 'POST',
        path: `${ownerPath(owner)}/tracking_snippet/`,
        body: { body_section_script: code },
        schema: trackingSnippetAnswerSchema,
      }),
    invalidates: [trackingSnippetKey(owner)],
    successToast: codeAreaMessages.saved(CODE_AREA_TITLES.tracking_snippet),
    onFailure: () => undefined,
  });
}
