import { pageSchema, recordingSchema } from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';

const recordingPageSchema = pageSchema(recordingSchema);

/** GET /api/event/recordings/ (spec 001 §7 "GET event recordings": offset, limit, title). */
export const fetchRecordingPage = (params: URLSearchParams) =>
  studioApi.request({ method: 'GET', path: `/event/recordings/?${params}`, schema: recordingPageSchema });

export const recordingListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...queryKeys.events.all, 'recordings', params.toString()],
    queryFn: () => fetchRecordingPage(params),
    placeholderData: keepPreviousData,
  });

export const useRecordingList = (params: URLSearchParams) => useQuery(recordingListQuery(params));
