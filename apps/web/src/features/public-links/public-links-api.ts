import { attendeeLinksSchema, publicEmbedLinkSchema, seriesAttendeeLinksSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';

const TEN_MINUTES = 600_000;

/** GET /api/event/{id}/attendee_links/: every public page of the event (002 §2), on its attendee origin. */
export const eventLinksQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['public-links', 'event', eventId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/${encodeURIComponent(eventId)}/attendee_links/`,
        schema: attendeeLinksSchema,
      }),
    retry: false,
    staleTime: TEN_MINUTES,
  });

/** GET /api/event/series/{id}/attendee_links/: a series' (or repeating event's) registration page. */
export const seriesLinksQuery = (seriesId: string) =>
  queryOptions({
    queryKey: ['public-links', 'series', seriesId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/series/${encodeURIComponent(seriesId)}/attendee_links/`,
        schema: seriesAttendeeLinksSchema,
      }),
    retry: false,
    staleTime: TEN_MINUTES,
  });

/** GET /api/public/event/{id}/embed_link/: the embed's address, for the public dummy page. */
export const publicEmbedQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['public-links', 'embed', eventId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/public/event/${encodeURIComponent(eventId)}/embed_link/`,
        schema: publicEmbedLinkSchema,
        anonymous: true,
      }),
    retry: false,
    staleTime: TEN_MINUTES,
  });
