import { broadcastSchema, pageSchema, PROGRAMME_PAGE_LIMIT } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** An event's sessions in one page (the programme lists' ceiling), as the agenda and the people pages read them. */
export const fetchBroadcasts = async (eventId: string) =>
  (
    await studioApi.request({
      method: 'GET',
      path: `/event/broadcasts/?event=${encodeURIComponent(eventId)}&limit=${PROGRAMME_PAGE_LIMIT}`,
      schema: pageSchema(broadcastSchema),
    })
  ).results;

/** Filed under the event's agenda, so a change of the programme refreshes every screen showing its sessions. */
export const broadcastsQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.agenda.of(eventId), 'broadcasts'],
    queryFn: () => fetchBroadcasts(eventId),
  });
