import { eventVideosSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';

/** The library videos an event uses (GET /api/core/video_assets/event_assets/?event_id=, spec 000 §7). */
export const eventVideosQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.videoAssets.all, 'event', eventId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/core/video_assets/event_assets/?event_id=${encodeURIComponent(eventId)}`,
        schema: eventVideosSchema,
      }),
  });
