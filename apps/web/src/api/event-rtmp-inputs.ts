import {
  rtmpInputPageSchema,
  rtmpInputSchema,
  type CreateRtmpInputBody,
  type RtmpInput,
} from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';
import { useStudioMutation } from './studio-mutation.ts';

/** An event holds a handful of inputs: one page of the list's ceiling holds them all. */
const RTMP_INPUTS_PAGE_LIMIT = 100;

/** An event's RTMP inputs (GET /api/event/rtmp_inputs/?event=), as the live inputs page and the session drawer read them. */
export const fetchEventRtmpInputs = async (eventId: string) =>
  (
    await studioApi.request({
      method: 'GET',
      path: `/event/rtmp_inputs/?event=${encodeURIComponent(eventId)}&limit=${RTMP_INPUTS_PAGE_LIMIT}`,
      schema: rtmpInputPageSchema,
    })
  ).results;

/** Filed under the event's inputs, so the live inputs page and the agenda share one cached list. */
export const eventRtmpInputsQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.rtmpInputs.of(eventId), queryFn: () => fetchEventRtmpInputs(eventId) });

/** Creates an input of the event (the live inputs page's popup, the session drawer's in-place form). */
export const useCreateRtmpInput = (
  eventId: string,
  options: { onCreated: (input: RtmpInput) => unknown; onFailure: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (body: CreateRtmpInputBody) =>
      studioApi.request({ method: 'POST', path: '/event/rtmp_inputs/', body, schema: rtmpInputSchema }),
    invalidates: [queryKeys.rtmpInputs.of(eventId)],
    onFailure: options.onFailure,
    onSuccess: options.onCreated,
  });
