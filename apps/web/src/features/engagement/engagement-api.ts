import {
  ENGAGEMENT_UPDATED,
  engagementQueues,
  engagementStudioCalls as calls,
  engagementStudioPath,
  type CreatePollBody,
  type QUESTION_MODERATION_STATES,
} from '@studio/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { studioRealtime } from '../../api/realtime.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** The backstage's calls (issue 34 §5) under `engagementStudioPath`, relative to the client's `/api`. */
const path = (eventId: string, rest = '') => engagementStudioPath(eventId, rest).replace(/^\/api/, '');

/** The backstage's queues: the event's messages, every question (pending too), polls. */
export type Queues = z.infer<typeof engagementQueues>;
export type QueueQuestion = Queues['questions'][number];

export const fetchEngagementQueues = (eventId: string) =>
  studioApi.request({ method: 'GET', path: path(eventId, calls.queues), schema: engagementQueues });

export const engagementQueuesQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.engagement.of(eventId),
    queryFn: () => fetchEngagementQueues(eventId),
  });

export const useEngagementQueues = (eventId: string) => useQuery(engagementQueuesQuery(eventId));

/**
 * Reads the queues again at each ENGAGEMENT_UPDATED push of the event (a message, question, vote
 * or poll changed: live results) and after each (re)connection, in case a push was missed.
 */
export function useEngagementUpdates(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const release = studioRealtime.retain();
    const unsubscribe = studioRealtime.subscribe((message) => {
      if (
        message.type === 'ready' ||
        (message.type === ENGAGEMENT_UPDATED && message.data.eventId === eventId)
      )
        void queryClient.invalidateQueries({ queryKey: queryKeys.engagement.of(eventId) });
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [eventId, queryClient]);
}

/** A backstage change: the queues are read again once it is saved. */
const useQueueChange = <TVariables>(
  eventId: string,
  request: (variables: TVariables) => Promise<unknown>,
  successToast?: string,
) =>
  useStudioMutation<unknown, TVariables>({
    mutationFn: request,
    invalidates: [queryKeys.engagement.of(eventId)],
    ...(successToast ? { successToast } : {}),
  });

export const useDeleteMessage = (eventId: string) =>
  useQueueChange(eventId, (messageId: string) =>
    studioApi.request({ method: 'DELETE', path: path(eventId, calls.message(messageId)) }),
  );

export const usePinMessage = (eventId: string) =>
  useQueueChange(eventId, ({ messageId, pinned }: { messageId: string; pinned: boolean }) =>
    studioApi.request({ method: 'PATCH', path: path(eventId, calls.message(messageId)), body: { pinned } }),
  );

export const useAnnounce = (eventId: string) =>
  useQueueChange(
    eventId,
    (text: string) =>
      studioApi.request({ method: 'POST', path: path(eventId, calls.announcements), body: { text } }),
    'Announcement posted',
  );

export const useBlockFromChat = (eventId: string) =>
  useQueueChange(
    eventId,
    (personId: string) =>
      studioApi.request({
        method: 'POST',
        path: path(eventId, calls.blocks),
        body: { person_ids: [personId] },
      }),
    'Blocked from chat',
  );

export type QuestionChange = {
  questionId: string;
  state?: (typeof QUESTION_MODERATION_STATES)[number];
  assigned_speaker_id?: string | null;
};

export const useModerateQuestion = (eventId: string) =>
  useQueueChange(eventId, ({ questionId, ...body }: QuestionChange) =>
    studioApi.request({ method: 'PATCH', path: path(eventId, calls.question(questionId)), body }),
  );

export const useAnswerQuestion = (eventId: string) =>
  useQueueChange(eventId, ({ questionId, text }: { questionId: string; text: string }) =>
    studioApi.request({ method: 'POST', path: path(eventId, calls.answers(questionId)), body: { text } }),
  );

export const useCreatePoll = (eventId: string) =>
  useQueueChange(
    eventId,
    (poll: CreatePollBody) =>
      studioApi.request({ method: 'POST', path: path(eventId, calls.polls), body: poll }),
    'Poll created',
  );

export const useUpdatePoll = (eventId: string) =>
  useQueueChange(
    eventId,
    ({ pollId, ...body }: { pollId: string; state?: 'live' | 'closed'; show_results?: boolean }) =>
      studioApi.request({ method: 'PATCH', path: path(eventId, calls.poll(pollId)), body }),
  );
