import { eventSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** GET /api/event/{id}/?get_metadata=true */
export const fetchEvent = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${encodeURIComponent(id)}/?get_metadata=true`,
    schema: eventSchema,
  });

/** One event, as its workspace and every page of it read it (so they share the cache). */
export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.events.one(id),
    queryFn: () => fetchEvent(id),
    retry: false,
  });
