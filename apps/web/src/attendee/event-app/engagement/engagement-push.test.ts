import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Poll, Question } from '@studio/domain';
import { chatMessageOf, pollOf, questionOf } from '../../../testing/engagement-fixture.ts';
import { engagementKeys, type Channel } from './engagement-api.ts';
import { mergeEngagementPushes } from './engagement-push.ts';

const session = { channel: 'session', channel_id: 's-1' } as const;
const direct = { channel: 'direct', channel_id: 'me' } as const;

/** An attendee's caches holding one page of each channel. */
function cachesOf(chats: [Channel, ChatMessage[]][]) {
  const client = new QueryClient();
  for (const [channel, messages] of chats)
    client.setQueryData(engagementKeys.chat('e-1', channel), { pages: [messages], pageParams: [null] });
  const texts = (channel: Channel) =>
    client
      .getQueryData<{ pages: ChatMessage[][] }>(engagementKeys.chat('e-1', channel))
      ?.pages.flat()
      .map((message) => message.text);
  return { client, texts };
}

describe('a pushed chat-cleared', () => {
  it('empties the event and session chats, keeps direct messages, and keeps what the batch brings after it', () => {
    const event: Channel = { kind: 'event', id: null };
    const stage: Channel = { kind: 'session', id: 's-1' };
    const withAlan: Channel = { kind: 'direct', id: 'u-2' };
    const { client, texts } = cachesOf([
      [event, [chatMessageOf('m-1', 'Hello', { pinned: true })]],
      [stage, [chatMessageOf('m-2', 'On stage', session)]],
      [withAlan, [chatMessageOf('m-3', 'Just us', direct)]],
    ]);
    mergeEngagementPushes(
      client,
      'e-1',
      [{ type: 'chat-cleared' }, { type: 'message', message: chatMessageOf('m-4', 'Fresh start') }],
      'me',
    );
    expect(texts(event)).toEqual(['Fresh start']);
    expect(texts(stage)).toEqual([]);
    expect(texts(withAlan)).toEqual(['Just us']);
  });
});

describe('the unread counts of a batch', () => {
  it('counts others’ chat messages after the last chat-cleared only, and says the chat was cleared', () => {
    const { client } = cachesOf([]);
    const hello = (id: string) => ({
      type: 'message' as const,
      message: chatMessageOf(id, 'Hello', session),
    });
    const toMe = { type: 'message' as const, message: chatMessageOf('d-1', 'Psst', direct) };
    expect(
      mergeEngagementPushes(
        client,
        'e-1',
        [hello('m-1'), toMe, { type: 'chat-cleared' }, hello('m-2')],
        'me',
      ),
    ).toEqual({
      chat: 1,
      messages: 1,
      polls: 0,
      chatCleared: true,
    });
    expect(mergeEngagementPushes(client, 'e-1', [hello('m-3')], 'me')).toEqual({
      chat: 1,
      messages: 0,
      polls: 0,
      chatCleared: false,
    });
  });
});

/**
 * A list on screen (an observer) whose reads the test answers one at a time, in order: `answer`
 * settles the oldest read still waiting.
 */
function listOnScreen<T>(client: QueryClient, queryKey: readonly unknown[]) {
  const waiting: ((value: T) => void)[] = [];
  const observer = new QueryObserver<T>(client, {
    queryKey,
    queryFn: () => new Promise<T>((resolve) => waiting.push(resolve)),
  });
  const stop = observer.subscribe(() => undefined);
  return {
    reads: () => waiting.length,
    answer: (value: T) => waiting.shift()!(value),
    stop,
  };
}

describe('a change pushed while its list is being read', () => {
  it('a poll launched while the Polls tab first reads its list shows: the list is read again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = engagementKeys.polls('e-1', 's-1');
    const list = listOnScreen<Poll[]>(client, key);
    await vi.waitFor(() => expect(list.reads()).toBe(1));
    const launched = pollOf({ question: 'Which harbour next year?' });
    mergeEngagementPushes(client, 'e-1', [{ type: 'poll', poll: launched }], 'me');
    // The first read was answered before the launch was saved.
    list.answer([]);
    await vi.waitFor(() => expect(list.reads()).toBe(1));
    list.answer([launched]);
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual([launched]));
    list.stop();
  });

  it('an approved question pushed during a read again of the Q&A keeps showing', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = engagementKeys.questions('e-1', 's-1');
    const list = listOnScreen<Question[]>(client, key);
    await vi.waitFor(() => expect(list.reads()).toBe(1));
    list.answer([]);
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual([]));
    void client.refetchQueries({ queryKey: key });
    await vi.waitFor(() => expect(list.reads()).toBe(1));
    const approved = questionOf('q-1', 'How deep is the harbour?');
    mergeEngagementPushes(client, 'e-1', [{ type: 'question', session_id: 's-1', question: approved }], 'me');
    expect(client.getQueryData(key)).toEqual([approved]);
    // The read under way was answered before the approval was saved.
    list.answer([]);
    await vi.waitFor(() => expect(list.reads()).toBe(1));
    list.answer([approved]);
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual([approved]));
    list.stop();
  });
});
