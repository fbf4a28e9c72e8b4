import { brandingPreviewAccessSchema } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { studioApi } from '../../../api/studio-api.ts';
import type { BrandingPreviewSubject } from './branding-preview-props.ts';

/** The token lasts two hours (server); a fresh one is asked for well before, so reloads keep working. */
const REFRESH_MS = 60 * 60_000;

const accessPath = ({ kind, id }: BrandingPreviewSubject) =>
  kind === 'event'
    ? `/event/${encodeURIComponent(id)}/branding_preview/`
    : `/event/studio-templates/${encodeURIComponent(id)}/branding_preview/`;

/** POST …/branding_preview/: the event's (template's) attendee origin and a preview token. */
export const fetchPreviewAccess = (subject: BrandingPreviewSubject) =>
  studioApi.request({
    method: 'POST',
    path: accessPath(subject),
    body: {},
    schema: brandingPreviewAccessSchema,
  });

export const previewAccessQuery = (subject: BrandingPreviewSubject) =>
  queryOptions({
    queryKey: ['branding-preview', subject.kind, subject.id],
    queryFn: () => fetchPreviewAccess(subject),
    retry: false,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });

export const usePreviewAccess = (subject: BrandingPreviewSubject) => useQuery(previewAccessQuery(subject));
