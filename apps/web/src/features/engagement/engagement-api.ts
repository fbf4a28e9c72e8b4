import {
  blockedPeople,
  chatMessagePage,
  clearChatPath,
  ENGAGEMENT_QUEUE_PAGE_SIZE,
  ENGAGEMENT_UPDATED,
  engagementStudioCalls as calls,
  engagementPanelMessages as words,
  engagementStudioPath,
  pollPage,
  QUEUE_OF_ENGAGEMENT_CHANGE,
  queueQuestionPage,
  type CreatePollBody,
  type Page,
  type QUESTION_MODERATION_STATES,
} from '@studio/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ResponseSchema } from '../../api/api-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioPushes } from '../../api/studio-pushes.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** The backstage's calls (issue 34 §5) under `engagementStudioPath`, relative to the client's `/api`. */
const path = (eventId: string, rest = '') => engagementStudioPath(eventId, rest).replace(/^\/api/, '');

/**
 * One backstage queue, paged on the server (of what `filter` asks, when it asks); its pages live
 * under the event's engagement key.
 */
function queueQuery<T extends { id: string }>(
  eventId: string,
  name: string,
  schema: ResponseSchema<Page<T>>,
  filter: Record<string, string> = {},
) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.engagement.of(eventId), name, filter],
    queryFn: ({ pageParam }) =>
      studioApi.request({
        method: 'GET',
        path: `${path(eventId, name)}?${new URLSearchParams({
          limit: String(ENGAGEMENT_QUEUE_PAGE_SIZE),
          offset: String(pageParam),
          ...filter,
        }).toString()}`,
        schema,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: Page<T>, all: Page<T>[]) => {
      const loaded = all.reduce((total, page) => total + page.results.length, 0);
      return last.next && last.results.length > 0 ? loaded : undefined;
    },
  });
}

export const chatQueueQuery = (eventId: string) => queueQuery(eventId, calls.messages, chatMessagePage);
/**
 * The Q&A queue's session filter: every question (null), the event-wide ones (EVENT_WIDE_QUESTIONS)
 * or one session's (its id).
 */
export type QuestionSessionFilter = string | null;

export const questionQueueQuery = (eventId: string, session: QuestionSessionFilter = null) =>
  queueQuery(eventId, calls.questions, queueQuestionPage, session ? { session_id: session } : {});
export const pollQueueQuery = (eventId: string) => queueQuery(eventId, calls.polls, pollPage);

/**
 * How many of the event's questions await approval, whatever the queue's session filter (the Q&A
 * tab's badge): counted on the server (`state=pending`, one row read); read again with the queues.
 */
export const pendingQuestionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.engagement.of(eventId), calls.questions, 'pending'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${path(eventId, calls.questions)}?${new URLSearchParams({ limit: '1', state: 'pending' }).toString()}`,
        schema: queueQuestionPage,
      }),
    select: (page) => page.count,
  });

export const usePendingQuestions = (eventId: string): number =>
  useQuery(pendingQuestionsQuery(eventId)).data ?? 0;

/** A backstage queue as its tab shows it: the rows loaded so far and how to load more. */
export interface QueueRows<T> {
  items: T[];
  pending: boolean;
  failed: boolean;
  retry: () => void;
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * A queue's loaded rows, newest first, once each (a row pushed in meanwhile shifts the offsets of
 * the pages read again), and how to load the next page.
 */
function useQueue<T extends { id: string }>(options: ReturnType<typeof queueQuery<T>>): QueueRows<T> {
  const pages = useInfiniteQuery(options);
  const seen = new Set<string>();
  const items = (pages.data?.pages ?? [])
    .flatMap((page) => page.results)
    .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  return {
    items,
    pending: pages.isPending,
    failed: pages.isError && !pages.data,
    retry: () => void pages.refetch(),
    more: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => void pages.fetchNextPage(),
  };
}

export const useChatQueue = (eventId: string) => useQueue(chatQueueQuery(eventId));
export const useQuestionQueue = (eventId: string, session: QuestionSessionFilter = null) =>
  useQueue(questionQueueQuery(eventId, session));
export const usePollQueue = (eventId: string) => useQueue(pollQueueQuery(eventId));

/**
 * Reads the loaded pages of the queues an ENGAGEMENT_UPDATED push of the event altered (by its
 * kinds of change: a message, question, vote or poll — live results), and of every queue after
 * each (re)connection, in case a push was missed.
 */
export function useEngagementUpdates(eventId: string) {
  const queryClient = useQueryClient();
  useStudioPushes(eventId, (message) => {
    const all = queryKeys.engagement.of(eventId);
    // A reconnection may have missed anything: every queue is read again.
    if (message.type === 'ready') void queryClient.invalidateQueries({ queryKey: all });
    if (message.type !== ENGAGEMENT_UPDATED || message.data.eventId !== eventId) return;
    const queues = new Set(message.data.kinds.map((kind) => QUEUE_OF_ENGAGEMENT_CHANGE[kind]));
    for (const queue of queues)
      if (queue) void queryClient.invalidateQueries({ queryKey: [...all, calls[queue]] });
  });
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
  useQueueChange(
    eventId,
    (messageId: string) =>
      studioApi.request({ method: 'DELETE', path: path(eventId, calls.message(messageId)) }),
    words.messageDeleted,
  );

/** Clears the event's chat (its moderated channels) for everyone. */
export const useClearChat = (eventId: string) =>
  useQueueChange(
    eventId,
    () => studioApi.request({ method: 'POST', path: clearChatPath(eventId).replace(/^\/api/, '') }),
    words.chatCleared,
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

/** The people blocked from the event's chat, read again with the queues. */
export const blockedPeopleQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.engagement.of(eventId), calls.blocks],
    queryFn: () =>
      studioApi.request({ method: 'GET', path: path(eventId, calls.blocks), schema: blockedPeople }),
  });

export const useBlockedPeople = (eventId: string): ReadonlySet<string> =>
  new Set(useQuery(blockedPeopleQuery(eventId)).data?.person_ids);

/** Blocks a person from the chat (POST) or lets them post again (DELETE). */
const useBlockChange = (eventId: string, method: 'POST' | 'DELETE', successToast: string) =>
  useQueueChange(
    eventId,
    (personId: string) =>
      studioApi.request({ method, path: path(eventId, calls.blocks), body: { person_ids: [personId] } }),
    successToast,
  );
export const useBlockFromChat = (eventId: string) => useBlockChange(eventId, 'POST', words.blockedToast);
export const useUnblockFromChat = (eventId: string) =>
  useBlockChange(eventId, 'DELETE', words.unblockedToast);

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
