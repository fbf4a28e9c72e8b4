import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@studio/domain';
import { chatMessageOf } from '../../../testing/engagement-fixture.ts';
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
      chatCleared: true,
    });
    expect(mergeEngagementPushes(client, 'e-1', [hello('m-3')], 'me')).toEqual({
      chat: 1,
      messages: 0,
      chatCleared: false,
    });
  });
});
