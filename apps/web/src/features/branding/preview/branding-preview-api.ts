import { brandingPreviewAccessSchema } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { studioApi } from '../../../api/studio-api.ts';

/** The token lasts two hours (server); a fresh one is asked for well before, so reloads keep working. */
const REFRESH_MS = 60 * 60_000;

/** POST /api/event/{id}/branding_preview/: the event's attendee origin and a preview token. */
export const fetchPreviewAccess = (eventId: string) =>
  studioApi.request({
    method: 'POST',
    path: `/event/${encodeURIComponent(eventId)}/branding_preview/`,
    body: {},
    schema: brandingPreviewAccessSchema,
  });

export const previewAccessQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['branding-preview', eventId],
    queryFn: () => fetchPreviewAccess(eventId),
    retry: false,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });

export const usePreviewAccess = (eventId: string) => useQuery(previewAccessQuery(eventId));
