import { attendeeLinksSchema, publicEmbedLinkSchema, seriesAttendeeLinksSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ResponseSchema } from '../../api/api-client.ts';
import { studioApi } from '../../api/studio-api.ts';

const TEN_MINUTES = 600_000;

/** A public address read once and kept ten minutes; a failure is shown, not retried. */
const linkQuery = <T>(
  key: [kind: string, id: string],
  path: string,
  schema: ResponseSchema<T>,
  anonymous = false,
) =>
  queryOptions({
    queryKey: ['public-links', ...key],
    queryFn: () => studioApi.request({ method: 'GET', path, schema, anonymous }),
    retry: false,
    staleTime: TEN_MINUTES,
  });

/** GET /api/event/{id}/attendee_links/: every public page of the event (002 §2), on its attendee origin. */
export const eventLinksQuery = (eventId: string) =>
  linkQuery(['event', eventId], `/event/${encodeURIComponent(eventId)}/attendee_links/`, attendeeLinksSchema);

/** GET /api/event/series/{id}/attendee_links/: a series' (or repeating event's) registration page. */
export const seriesLinksQuery = (seriesId: string) =>
  linkQuery(
    ['series', seriesId],
    `/event/series/${encodeURIComponent(seriesId)}/attendee_links/`,
    seriesAttendeeLinksSchema,
  );

/** GET /api/public/event/{id}/embed_link/: the embed's address, for the public dummy page. */
export const publicEmbedQuery = (eventId: string) =>
  linkQuery(
    ['embed', eventId],
    `/public/event/${encodeURIComponent(eventId)}/embed_link/`,
    publicEmbedLinkSchema,
    true,
  );
