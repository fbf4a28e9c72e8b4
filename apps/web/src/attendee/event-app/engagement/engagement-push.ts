import type { QueryClient } from '@tanstack/react-query';
import type { EngagementPush } from '@studio/domain';
import {
  addMessage,
  clearChat,
  countArrival,
  engagementKeys,
  removeMessage,
  upsertPoll,
  upsertQuestion,
  writeChange,
  type Presence,
} from './engagement-api.ts';

/** Messages from others (and, on Polls, polls launched) not yet seen, per sidebar tab. */
export interface UnreadCounts {
  chat: number;
  messages: number;
  polls: number;
}

/** A batch's unread counts; `chatCleared` when it cleared the chat, so the Chat tab's earlier count goes too. */
export interface ArrivedCounts extends UnreadCounts {
  chatCleared: boolean;
}

/**
 * Merges one ENGAGEMENT_PUSHED batch into the attendee's query caches: messages into their
 * channel's newest page (a direct message under the other person's conversation too), removals
 * from every channel, a cleared chat from every channel but direct ones, questions and polls by id,
 * presence counts; a session's changed surveys read again. Answers how many messages from others
 * arrived, per sidebar tab (`chat`: the event's and sessions' chats, counted after the last clear;
 * `messages`: direct ones), and how many polls were launched (`polls`), for the unread badges,
 * and whether the chat was cleared; each chat channel's arrivals (`countArrival`)
 * mark its tab in the Chat panel.
 */
export function mergeEngagementPushes(
  client: QueryClient,
  eventId: string,
  batch: EngagementPush[],
  myId: string | null,
): ArrivedCounts {
  const arrived = { chat: 0, messages: 0, polls: 0, chatCleared: false };
  for (const push of batch) {
    if (push.type === 'message') {
      const { message } = push;
      addMessage(client, eventId, message);
      if (message.channel === 'direct')
        addMessage(client, eventId, message, { kind: 'direct', id: message.author.id });
      if (message.author.id !== myId) {
        if (message.channel !== 'direct')
          countArrival(client, eventId, { kind: message.channel, id: message.channel_id });
        if (message.channel === 'direct') arrived.messages += 1;
        else if (message.channel === 'event' || message.channel === 'session') arrived.chat += 1;
      }
    } else if (push.type === 'message-removed') removeMessage(client, eventId, push.id);
    else if (push.type === 'chat-cleared') {
      clearChat(client, eventId);
      arrived.chat = 0;
      arrived.chatCleared = true;
    } else if (push.type === 'question') upsertQuestion(client, eventId, push.session_id, push.question);
    else if (push.type === 'poll') {
      upsertPoll(client, eventId, push.poll);
      if (push.launched && push.poll.state === 'live') arrived.polls += 1;
    } else if (push.type === 'surveys')
      // Each person's list is their own (answered or not): read again, whichever session it is for.
      void client.invalidateQueries({ queryKey: [...engagementKeys.all(eventId), 'surveys'] });
    else
      writeChange<Presence>(
        client,
        { queryKey: engagementKeys.presence(eventId), exact: true },
        (presence) =>
          presence ? { ...presence, present: push.present, per_session: push.per_session } : presence,
      );
  }
  return arrived;
}
