import { homeSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';

/** The organisation home in one request (GET /api/core/home/). */
export const homeQuery = queryOptions({
  queryKey: ['home'],
  queryFn: () => studioApi.request({ method: 'GET', path: '/core/home/', schema: homeSchema }),
  staleTime: 30_000,
});
