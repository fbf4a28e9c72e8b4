import { broadcastSchema, pageSchema, PROGRAMME_PAGE_LIMIT } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** One of an event's programme lists (sessions, tracks, agenda items) in one page: the lists' ceiling. */
export const fetchProgrammeList = async <Item extends z.ZodType>(path: string, eventId: string, item: Item) =>
  (
    await studioApi.request({
      method: 'GET',
      path: `${path}?event=${encodeURIComponent(eventId)}&limit=${PROGRAMME_PAGE_LIMIT}`,
      schema: pageSchema(item),
    })
  ).results;

/** An event's sessions, as the agenda and the people pages read them. */
export const fetchBroadcasts = (eventId: string) =>
  fetchProgrammeList('/event/broadcasts/', eventId, broadcastSchema);

/** Filed under the event's agenda, so a change of the programme refreshes every screen showing its sessions. */
export const broadcastsQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.agenda.of(eventId), 'broadcasts'],
    queryFn: () => fetchBroadcasts(eventId),
  });
