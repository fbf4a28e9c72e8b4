import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  engagementAttendeeCalls as calls,
  type ChatMessage,
  type Poll,
  type POLL_STATES,
  type Question,
  type QUESTION_MODERATION_STATES,
} from '@studio/domain';
import { callEventApp } from '../event-app-api.ts';
import {
  addMessage,
  engagementKeys,
  removeMessage,
  upsertPoll,
  upsertQuestion,
  writeChange,
} from './engagement-api.ts';

/**
 * Moderation from the event app (issue 34 §5): the event team's (and a speaker's answers) calls,
 * each putting its answer into the panels' caches as the push will. The server decides who may.
 */

type ChatPages = { pages: ChatMessage[][]; pageParams: (string | null)[] };

export function usePin(eventId: string) {
  const client = useQueryClient();
  return useCallback(
    async (messageId: string, pinned: boolean) => {
      const message = await callEventApp<ChatMessage>(eventId, calls.message(messageId), {
        method: 'PATCH',
        body: { pinned },
      });
      writeChange<ChatPages>(client, { queryKey: engagementKeys.chats(eventId) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.map((shown) => (shown.id === message.id ? message : shown)),
              ),
            }
          : data,
      );
    },
    [client, eventId],
  );
}

export function useRemove(eventId: string) {
  const client = useQueryClient();
  return useCallback(
    async (messageId: string) => {
      await callEventApp<undefined>(eventId, calls.message(messageId), { method: 'DELETE' });
      removeMessage(client, eventId, messageId);
    },
    [client, eventId],
  );
}

export function useAnnounce(eventId: string) {
  const client = useQueryClient();
  return useCallback(
    async (text: string) => {
      const message = await callEventApp<ChatMessage>(eventId, calls.announcements, {
        method: 'POST',
        body: { text },
      });
      addMessage(client, eventId, message);
    },
    [client, eventId],
  );
}

/** Approves, pins, dismisses, hides a question or marks it answered; or answers it. */
export function useQuestionModeration(eventId: string, sessionId: string | null) {
  const client = useQueryClient();
  const set = useCallback(
    async (questionId: string, state: (typeof QUESTION_MODERATION_STATES)[number]) => {
      const question = await callEventApp<Question>(eventId, calls.question(questionId), {
        method: 'PATCH',
        body: { state },
      });
      upsertQuestion(client, eventId, sessionId, question);
    },
    [client, eventId, sessionId],
  );
  const answer = useCallback(
    async (questionId: string, text: string) => {
      const question = await callEventApp<Question>(eventId, calls.answers(questionId), {
        method: 'POST',
        body: { text },
      });
      upsertQuestion(client, eventId, sessionId, question);
    },
    [client, eventId, sessionId],
  );
  return { set, answer };
}

/** Launches or closes a poll. */
export function useSetPoll(eventId: string) {
  const client = useQueryClient();
  return useCallback(
    async (pollId: string, state: (typeof POLL_STATES)[number]) => {
      const poll = await callEventApp<Poll>(eventId, calls.poll(pollId), {
        method: 'PATCH',
        body: { state },
      });
      upsertPoll(client, eventId, poll);
    },
    [client, eventId],
  );
}
