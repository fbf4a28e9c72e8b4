import { TOTAL_REGISTRANTS_LIMIT, totalRegistrantsSchema } from '@studio/domain';
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
