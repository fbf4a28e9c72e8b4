import {
  channelStateOf,
  RTMP_INPUT_UPDATED,
  RTMP_TEST_FAILED_TOAST_MS,
  rtmpInputMessages,
  rtmpInputSchema,
  rtmpInputUpdateSchema,
  type RtmpInput,
} from '@studio/domain';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { eventRtmpInputsQuery } from '../../api/event-rtmp-inputs.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { eventNamed } from '../../api/realtime.ts';
import { useStudioPushes } from '../../api/studio-pushes.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { showToast } from '../../ui/toast.ts';

const one = (id: string) => `/event/rtmp_inputs/${encodeURIComponent(id)}/`;

export const useRtmpInputs = (eventId: string) => useQuery(eventRtmpInputsQuery(eventId));

/** Changes one cached input in place; false when the list does not hold it. */
function patchInput(queryClient: QueryClient, eventId: string, id: string, fields: Partial<RtmpInput>) {
  let found = false;
  queryClient.setQueryData(eventRtmpInputsQuery(eventId).queryKey, (inputs) =>
    inputs?.map((input) => {
      if (input.id !== id) return input;
      found = true;
      return { ...input, ...fields };
    }),
  );
  return found;
}

/**
 * Keeps the inputs' channels in step with the server (002 §4.3, §7.4): each `rtmp-input-updated`
 * push patches its input; an input the list does not hold, or the event named to the server (a push may have been
 * missed), reloads the list. The workspace layout has already sent `setEventId` for the event.
 */
export function useRtmpInputUpdates(eventId: string) {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.rtmpInputs.of(eventId) });
  useStudioPushes(eventId, (message) => {
    if (eventNamed(message)) return reload();
    if (message.type !== RTMP_INPUT_UPDATED || message.data.eventId !== eventId) return;
    const update = rtmpInputUpdateSchema.safeParse(message.data);
    if (!update.success) return reload();
    const { channel_states, test_run_end_time, feeds } = update.data;
    if (!patchInput(queryClient, eventId, update.data.id, { channel_states, test_run_end_time, feeds }))
      reload();
  });
}

/**
 * Spec 002 §4.3: starting a test shows the channel STARTING at once; the server's pushes bring the
 * next states. A refusal puts the channel back and says so for 6 seconds (§8.3).
 */
export function useStartRtmpTest(eventId: string) {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: (input: RtmpInput) => {
      patchInput(queryClient, eventId, input.id, { channel_states: ['STARTING'] });
      return studioApi.request({
        method: 'POST',
        path: `${one(input.id)}start_test/`,
        schema: rtmpInputSchema,
      });
    },
    // The answer says STARTING; a push may already have brought a later state, which stays.
    onSuccess: (started) => {
      const cached = queryClient.getQueryData(eventRtmpInputsQuery(eventId).queryKey);
      const input = cached?.find((candidate) => candidate.id === started.id);
      if (input && channelStateOf(input) === 'STARTING')
        patchInput(queryClient, eventId, started.id, started);
    },
    onFailure: (_error, input) => {
      patchInput(queryClient, eventId, input.id, { channel_states: input.channel_states });
      showToast(rtmpInputMessages.testFailed, 'error', RTMP_TEST_FAILED_TOAST_MS);
    },
  });
}

export const useDeleteRtmpInput = (
  eventId: string,
  options: { onDeleted: () => unknown; onFailure: (error: unknown, input: RtmpInput) => void },
) =>
  useStudioMutation({
    mutationFn: (input: RtmpInput) => studioApi.request({ method: 'DELETE', path: one(input.id) }),
    invalidates: [queryKeys.rtmpInputs.of(eventId)],
    onFailure: options.onFailure,
    onSuccess: options.onDeleted,
  });

export type { RtmpInput };
