import { pageSchema, videoAssetSchema } from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';
import { pageQuery } from '../../ui/list-page.ts';

/** An event records a few sessions: a page holds a day's worth, more pages follow. */
export const EVENT_RECORDINGS_PAGE_SIZE = 50;
const recordingPageSchema = pageSchema(videoAssetSchema);

/** The library's videos recorded from the event's live sessions, newest first (spec 000 §7 list call). */
export const fetchEventRecordings = (eventId: string, page: number) =>
  studioApi.request({
    method: 'GET',
    path: `/core/video_assets/?${pageQuery(page, EVENT_RECORDINGS_PAGE_SIZE, {
      event_ids: eventId,
      source: 'EVENT_RECORDING',
      ordering: '-created_at',
    })}`,
    schema: recordingPageSchema,
  });

/** Filed under the library's videos, so the library's changes (rename, processing) refresh it too. */
export const eventRecordingsQuery = (eventId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.videoAssets.eventRecordings(eventId), page],
    queryFn: () => fetchEventRecordings(eventId, page),
    placeholderData: keepPreviousData,
  });

export const useEventRecordings = (eventId: string, page: number) =>
  useQuery(eventRecordingsQuery(eventId, page));

/**
 * Reads the event's recordings again at each `video-asset-updated` push (a recording processed,
 * or a new one: the push does not name the event) and after each (re)connection, in case a push
 * was missed. The workspace layout has already told the server which event is open.
 */
export function useEventRecordingUpdates(eventId: string) {
  useReadAgainOnPush(
    eventId,
    queryKeys.videoAssets.eventRecordings(eventId),
    (message) => message.type === 'video-asset-updated' || message.type === 'ready',
  );
}
