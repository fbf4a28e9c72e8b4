import { seriesRegistrantPageSchema, TOTAL_REGISTRANTS_LIMIT, totalRegistrantsSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** GET /api/event/{id}/total_registrants/?limit=20: the counts by status and the latest registrants. */
export const totalRegistrantsQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.registrants.of(eventId), 'total'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/${encodeURIComponent(eventId)}/total_registrants/?limit=${TOTAL_REGISTRANTS_LIMIT}`,
        schema: totalRegistrantsSchema,
      }),
  });

/** GET /api/event/series-registrants/?series={id}&limit=20: the series' registrants (one row per person) and their count. */
export const seriesRegistrantsTotalQuery = (seriesId: string) =>
  queryOptions({
    queryKey: [...queryKeys.seriesRegistrants.of(seriesId), 'total'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/series-registrants/?series=${encodeURIComponent(seriesId)}&limit=${TOTAL_REGISTRANTS_LIMIT}`,
        schema: seriesRegistrantPageSchema,
      }),
  });
