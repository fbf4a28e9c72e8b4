import { useCallback, useSyncExternalStore } from 'react';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryFilters,
} from '@tanstack/react-query';
import {
  CHAT_HISTORY_PAGE_SIZE,
  engagementAttendeeCalls as calls,
  isModeratedChannel,
  type AskQuestionBody,
  type ChatChannelKind,
  type ChatMessage,
  type presenceAnswer,
  type EngagementState,
  type Poll,
  type PostMessageBody,
  type Question,
  surveyAttendeeCalls,
  type AttendeeSurvey,
  type SubmitSurveyAnswers,
} from '@studio/domain';
import type { z } from 'zod';
import { callEventApp } from '../event-app-api.ts';

/**
 * The attendee's engagement calls (issue 34) on the event app's API, their queries (keyed by
 * event, so a push batch finds them) and the changes, each putting its answer into the caches
 * (plain calls: the studio's mutation hook shows studio toasts, which the attendee island has not).
 */

/** A chat channel: its kind, and which one (the session, the room, the other person; none for the event). */
export interface Channel {
  kind: ChatChannelKind;
  id: string | null;
}

const query = (params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const engagementKeys = {
  all: (eventId: string) => ['engagement', eventId] as const,
  state: (eventId: string) => ['engagement', eventId, 'state'] as const,
  chats: (eventId: string) => ['engagement', eventId, 'chat'] as const,
  chat: (eventId: string, channel: Channel) =>
    ['engagement', eventId, 'chat', channel.kind, channel.id] as const,
  questions: (eventId: string, sessionId: string | null) =>
    ['engagement', eventId, 'qna', sessionId] as const,
  /** The person's own questions of every session and event-wide (`mine`). */
  myQuestions: (eventId: string) => ['engagement', eventId, 'my-questions'] as const,
  polls: (eventId: string, sessionId: string | null) => ['engagement', eventId, 'polls', sessionId] as const,
  presence: (eventId: string) => ['engagement', eventId, 'presence'] as const,
  /** Read again when the session on stage changes (a session's start offers its surveys). */
  surveys: (eventId: string, sessionId: string | null) =>
    ['engagement', eventId, 'surveys', sessionId] as const,
};

/**
 * Writes a change (pushed, or the answer to the person's own call) into the cached lists `filters`
 * pick. A list being read at that moment is read again: the read under way may have been answered
 * before the change was saved, and its answer would replace the list the change was written into
 * (or, a first read, find no list to write into), losing the change until the next read.
 */
export function writeChange<T>(
  client: QueryClient,
  filters: QueryFilters,
  change: (data: T | undefined) => T | undefined,
) {
  client.setQueriesData<T>(filters, change);
  for (const query of client.getQueryCache().findAll(filters)) {
    if (query.state.fetchStatus === 'idle') continue;
    const exact = { queryKey: query.queryKey, exact: true };
    // A list with data keeps the change while read again; a first read has none to keep, and is
    // only cancelled (not joined) once cancelled outright.
    if (query.state.data !== undefined) void client.refetchQueries(exact, { cancelRefetch: true });
    else void client.cancelQueries(exact).then(() => client.refetchQueries(exact));
  }
}

export const fetchEngagementState = (eventId: string) => callEventApp<EngagementState>(eventId, calls.state);

export const fetchChatPage = (eventId: string, channel: Channel, before: string | null) =>
  callEventApp<ChatMessage[]>(
    eventId,
    `${calls.chat(channel.kind)}${query({ channel_id: channel.id, before, limit: String(CHAT_HISTORY_PAGE_SIZE) })}`,
  );

export const fetchQuestions = (eventId: string, sessionId: string | null) =>
  callEventApp<Question[]>(eventId, `${calls.questions}${query({ session_id: sessionId })}`);

/** The person's own questions anywhere in the event, each as its asker reads it. */
export const fetchMyQuestions = (eventId: string) =>
  callEventApp<Question[]>(eventId, `${calls.questions}${query({ mine: 'true' })}`);

export const fetchPolls = (eventId: string, sessionId: string | null) =>
  callEventApp<Poll[]>(eventId, `${calls.polls}${query({ session_id: sessionId })}`);

/** The people present now (a page), how many, and how many per session. */
export type Presence = z.infer<typeof presenceAnswer>;

export const fetchPresence = (eventId: string) => callEventApp<Presence>(eventId, calls.presence);

/** Longest a browser timer waits (about 24.8 days); a later end is asked about again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** After the end, how long the app waits before asking, so the server's clock has passed it too. */
const END_MARGIN_MS = 1000;

/** The caller's standing, asked again when the event ends (its chat turns read-only, its polls close). */
export const engagementStateQuery = (eventId: string) =>
  queryOptions({
    queryKey: engagementKeys.state(eventId),
    queryFn: () => fetchEngagementState(eventId),
    refetchInterval: ({ state: { data } }) =>
      !data || data.ended || data.ends_at === null
        ? false
        : Math.min(Math.max(Date.parse(data.ends_at) - Date.now(), 0) + END_MARGIN_MS, LONGEST_TIMER_MS),
  });

/** A channel's history a page at a time, newest first; the next page is older than the oldest shown. */
export const chatQuery = (eventId: string, channel: Channel) =>
  infiniteQueryOptions({
    queryKey: engagementKeys.chat(eventId, channel),
    queryFn: ({ pageParam }) => fetchChatPage(eventId, channel, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ChatMessage[]) =>
      page.length < CHAT_HISTORY_PAGE_SIZE ? null : (page[page.length - 1]?.id ?? null),
  });

export const questionsQuery = (eventId: string, sessionId: string | null) =>
  queryOptions({
    queryKey: engagementKeys.questions(eventId, sessionId),
    queryFn: () => fetchQuestions(eventId, sessionId),
  });

export const myQuestionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: engagementKeys.myQuestions(eventId),
    queryFn: () => fetchMyQuestions(eventId),
  });

export const pollsQuery = (eventId: string, sessionId: string | null) =>
  queryOptions({
    queryKey: engagementKeys.polls(eventId, sessionId),
    queryFn: () => fetchPolls(eventId, sessionId),
  });

export const presenceQuery = (eventId: string) =>
  queryOptions({ queryKey: engagementKeys.presence(eventId), queryFn: () => fetchPresence(eventId) });

/** The sessions' surveys offered to the person (their sessions have started). */
export const fetchSurveys = (eventId: string) =>
  callEventApp<AttendeeSurvey[]>(eventId, surveyAttendeeCalls.surveys);

export const surveysQuery = (eventId: string, sessionId: string | null) =>
  queryOptions({
    queryKey: engagementKeys.surveys(eventId, sessionId),
    queryFn: () => fetchSurveys(eventId),
  });

export const useEngagementState = (eventId: string) => useQuery(engagementStateQuery(eventId));
export const useChat = (eventId: string, channel: Channel) => useInfiniteQuery(chatQuery(eventId, channel));
export const useQuestions = (eventId: string, sessionId: string | null) =>
  useQuery(questionsQuery(eventId, sessionId));
/** The person's own questions (read only when `wanted`: a session's list leaves some out). */
export const useMyQuestions = (eventId: string, wanted: boolean) =>
  useQuery({ ...myQuestionsQuery(eventId), enabled: wanted });
export const usePolls = (eventId: string, sessionId: string | null) =>
  useQuery(pollsQuery(eventId, sessionId));
export const usePresence = (eventId: string) => useQuery(presenceQuery(eventId));
export const useSurveys = (eventId: string, sessionId: string | null) =>
  useQuery(surveysQuery(eventId, sessionId));

/** Sends the person's answers to a survey (once); the answer marks it answered in the list. */
export function useAnswerSurvey(eventId: string, sessionId: string | null) {
  const client = useQueryClient();
  return useCallback(
    async (surveyId: string, body: SubmitSurveyAnswers) => {
      const survey = await callEventApp<AttendeeSurvey>(eventId, surveyAttendeeCalls.answers(surveyId), {
        method: 'POST',
        body,
      });
      writeChange<AttendeeSurvey[]>(
        client,
        { queryKey: engagementKeys.surveys(eventId, sessionId), exact: true },
        (list) => upsert(list, survey),
      );
    },
    [client, eventId, sessionId],
  );
}

/** Posts to a channel; the answer (and the push) puts the message in the list. */
export function usePostMessage(eventId: string, channel: Channel) {
  const client = useQueryClient();
  const { kind, id } = channel;
  return useCallback(
    async (body: PostMessageBody) => {
      const message = await callEventApp<ChatMessage>(eventId, calls.chat(kind), {
        method: 'POST',
        body: { ...body, channel_id: id },
      });
      addMessage(client, eventId, message, { kind, id });
    },
    [client, eventId, kind, id],
  );
}

export function useAskQuestion(eventId: string, sessionId: string | null) {
  const client = useQueryClient();
  return useCallback(
    async (body: AskQuestionBody) => {
      const question = await callEventApp<Question>(eventId, calls.questions, {
        method: 'POST',
        body: { ...body, session_id: sessionId },
      });
      upsertQuestion(client, eventId, sessionId, question);
      writeChange<Question[]>(
        client,
        { queryKey: engagementKeys.myQuestions(eventId), exact: true },
        (list) => upsert(list, question),
      );
    },
    [client, eventId, sessionId],
  );
}

/** Upvotes a question, or takes the upvote back. */
export function useUpvote(eventId: string, sessionId: string | null) {
  const client = useQueryClient();
  return useCallback(
    async (questionId: string, upvote: boolean) => {
      const question = await callEventApp<Question>(eventId, calls.upvote(questionId), {
        method: upvote ? 'POST' : 'DELETE',
      });
      upsertQuestion(client, eventId, sessionId, question);
    },
    [client, eventId, sessionId],
  );
}

export function useVote(eventId: string) {
  const client = useQueryClient();
  return useCallback(
    async (pollId: string, optionIds: string[]) => {
      const poll = await callEventApp<Poll>(eventId, calls.vote(pollId), {
        method: 'POST',
        body: { option_ids: optionIds },
      });
      upsertPoll(client, eventId, poll);
    },
    [client, eventId],
  );
}

type ChatPages = { pages: ChatMessage[][]; pageParams: (string | null)[] };

/** Puts a message at the top of its channel's newest page (once: the answer and the push both bring it). */
export function addMessage(client: QueryClient, eventId: string, message: ChatMessage, channel?: Channel) {
  const target = channel ?? { kind: message.channel, id: message.channel_id };
  writeChange<ChatPages>(client, { queryKey: engagementKeys.chat(eventId, target), exact: true }, (data) => {
    if (!data || data.pages.some((page) => page.some((shown) => shown.id === message.id))) return data;
    const [newest = [], ...older] = data.pages;
    return { ...data, pages: [[message, ...newest], ...older] };
  });
}

/**
 * Messages from others pushed into each chat channel (by `channelKey`) since the page loaded, and
 * how many of them the person has seen (their tab open): the rest are new on a tab not shown.
 */
export interface ChatArrivals {
  arrived: Record<string, number>;
  seen: Record<string, number>;
}

const NO_ARRIVALS: ChatArrivals = { arrived: {}, seen: {} };

/** A channel's name among the arrivals (the event's chat has no id). */
export const channelKey = (channel: Channel) =>
  channel.kind === 'event' ? 'event' : `${channel.kind}:${channel.id ?? ''}`;

/** One event's arrivals, and the components reading them (`useSyncExternalStore`'s). */
interface ArrivalsStore {
  value: ChatArrivals;
  listeners: Set<() => void>;
}

/** The arrivals per query client (the page's; each test's own) and event: they live as long as it. */
const arrivalStores = new WeakMap<QueryClient, Map<string, ArrivalsStore>>();

function arrivalsOf(client: QueryClient, eventId: string): ArrivalsStore {
  let stores = arrivalStores.get(client);
  if (!stores) arrivalStores.set(client, (stores = new Map<string, ArrivalsStore>()));
  let store = stores.get(eventId);
  if (!store) stores.set(eventId, (store = { value: NO_ARRIVALS, listeners: new Set() }));
  return store;
}

/** Changes the event's arrivals (a change answering the same value changes nothing) and tells its readers. */
function changeArrivals(client: QueryClient, eventId: string, change: (now: ChatArrivals) => ChatArrivals) {
  const store = arrivalsOf(client, eventId);
  const next = change(store.value);
  if (next === store.value) return;
  store.value = next;
  for (const listener of store.listeners) listener();
}

/** One more message from someone else in `channel`. */
export const countArrival = (client: QueryClient, eventId: string, channel: Channel) =>
  changeArrivals(client, eventId, (data) => ({
    ...data,
    arrived: { ...data.arrived, [channelKey(channel)]: (data.arrived[channelKey(channel)] ?? 0) + 1 },
  }));

/** Everything that arrived in `channel` is seen (its tab is open). */
export const markChannelSeen = (client: QueryClient, eventId: string, channel: Channel) =>
  changeArrivals(client, eventId, (data) => {
    const key = channelKey(channel);
    const arrived = data.arrived[key] ?? 0;
    return (data.seen[key] ?? 0) === arrived ? data : { ...data, seen: { ...data.seen, [key]: arrived } };
  });

/** The arrivals the pushes count, as they change. */
export function useChatArrivals(eventId: string): ChatArrivals {
  const store = arrivalsOf(useQueryClient(), eventId);
  const subscribe = useCallback(
    (listener: () => void) => {
      store.listeners.add(listener);
      return () => void store.listeners.delete(listener);
    },
    [store],
  );
  return useSyncExternalStore(subscribe, () => store.value);
}

/** Drops the messages `dropped` picks from every channel's loaded pages. */
function dropMessages(client: QueryClient, eventId: string, dropped: (message: ChatMessage) => boolean) {
  writeChange<ChatPages>(client, { queryKey: engagementKeys.chats(eventId) }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.filter((message) => !dropped(message))) } : data,
  );
}

export const removeMessage = (client: QueryClient, eventId: string, messageId: string) =>
  dropMessages(client, eventId, (message) => message.id === messageId);

/** The chat was cleared: every message of the moderated channels goes (direct messages stay). */
export const clearChat = (client: QueryClient, eventId: string) => {
  dropMessages(client, eventId, (message) => isModeratedChannel(message.channel));
  changeArrivals(client, eventId, () => NO_ARRIVALS);
};

/**
 * Replaces the row in the list, or adds it: at the end, or with `order` (the list's) before the
 * first row it comes before.
 */
function upsert<T extends { id: string }>(
  list: T[] | undefined,
  row: T,
  merge = (next: T, _: T) => next,
  order?: (a: T, b: T) => number,
): T[] | undefined {
  if (!list) return list;
  if (list.some((shown) => shown.id === row.id))
    return list.map((shown) => (shown.id === row.id ? merge(row, shown) : shown));
  const at = order ? list.findIndex((shown) => order(row, shown) < 0) : -1;
  return at < 0 ? [...list, row] : [...list.slice(0, at), row, ...list.slice(at)];
}

export function upsertQuestion(
  client: QueryClient,
  eventId: string,
  sessionId: string | null,
  question: Question,
) {
  writeChange<Question[]>(
    client,
    { queryKey: engagementKeys.questions(eventId, sessionId), exact: true },
    (list) => upsert(list, question),
  );
  // The person's own questions list holds it already when it is theirs (a push names no asker).
  writeChange<Question[]>(client, { queryKey: engagementKeys.myQuestions(eventId), exact: true }, (list) =>
    list?.some((shown) => shown.id === question.id) ? upsert(list, question) : list,
  );
}

/**
 * A pushed poll keeps what the attendee chose (a batch is the same for everyone). A session's
 * list holds the event-wide polls too, so an event-wide one goes into every list of the event.
 */
export function upsertPoll(client: QueryClient, eventId: string, poll: Poll) {
  writeChange<Poll[]>(
    client,
    {
      queryKey: engagementKeys.polls(eventId, null).slice(0, -1),
      predicate: ({ queryKey }) => poll.session_id === null || queryKey[3] === poll.session_id,
    },
    (list) =>
      upsert(
        list,
        poll,
        (next, shown) => (next.voted.length ? next : { ...next, voted: shown.voted }),
        pollsOrder,
      ),
  );
}

/** The server's order of a polls list (newest first, then by id): a poll new to the list goes where a read puts it. */
const pollsOrder = (a: Poll, b: Poll) =>
  b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
