import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../testing/fake-studio-api.ts';
import { createRealtimeClient, eventNamed, PRECONNECT_RETRY_MS, RECONNECT_BACKOFF_MS } from './realtime.ts';

function setup(initialToken: string | null = 'token-1') {
  vi.useFakeTimers();
  let token = initialToken;
  const sockets: FakeSocket[] = [];
  const renewToken = vi.fn(() => {
    token = 'token-renewed';
    return Promise.resolve();
  });
  const client = createRealtimeClient({
    accessToken: () => token,
    socketUrl: (value) => `ws://studio.test/api/ws?token=${value}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    renewToken,
  });
  return { client, sockets, renewToken, setToken: (value: string | null) => (token = value) };
}

const ready = { type: 'ready', data: { userId: 'user-1', organizationId: 'org-1' } };

describe('the studio websocket client', () => {
  it('retries every 5 s until there is an access token, then connects with it', () => {
    const { client, sockets, setToken } = setup(null);
    const release = client.retain();
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(PRECONNECT_RETRY_MS - 1);
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(0);
    setToken('token-1');
    vi.advanceTimersByTime(PRECONNECT_RETRY_MS);
    expect(sockets.map((socket) => socket.url)).toEqual(['ws://studio.test/api/ws?token=token-1']);
    release();
    vi.useRealTimers();
  });

  it('sends setEventId when connected and again after every reconnection', () => {
    const { client, sockets } = setup();
    const release = client.retain();
    client.setEventId({ eventId: null, userId: 'user-1', route: '/videos' });
    sockets[0]!.open();
    sockets[0]!.push(ready);
    expect(sockets[0]!.sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([
      { type: 'setEventId', data: { eventId: null, userId: 'user-1', route: '/videos' } },
    ]);
    client.setEventId({ eventId: 'event-9', userId: 'user-1', route: '/events/event-9' });
    expect(sockets[0]!.sent).toHaveLength(2);

    sockets[0]!.drop();
    vi.advanceTimersByTime(RECONNECT_BACKOFF_MS[0]);
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!)).toMatchObject({
      type: 'setEventId',
      data: { eventId: 'event-9' },
    });
    release();
    vi.useRealTimers();
  });

  it('reconnects with growing back-off, and starts over once the server says ready', async () => {
    const { client, sockets } = setup();
    const release = client.retain();
    sockets[0]!.open();
    sockets[0]!.push(ready);
    sockets[0]!.drop();
    // Each failed attempt waits longer: 1 s, 2 s, 5 s …
    for (const [attempt, wait] of RECONNECT_BACKOFF_MS.slice(0, 3).entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sockets).toHaveLength(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(attempt + 2);
      sockets.at(-1)!.drop();
    }
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[3]);
    const last = sockets.at(-1)!;
    last.open();
    last.push(ready);
    last.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[0]);
    expect(sockets.at(-1)).not.toBe(last);
    release();
    vi.useRealTimers();
  });

  it('renews the access token when a connection is refused before it was ready', async () => {
    const { client, sockets, renewToken } = setup('expired');
    const release = client.retain();
    sockets[0]!.drop();
    expect(renewToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[0]);
    expect(sockets[1]!.url).toBe('ws://studio.test/api/ws?token=token-renewed');
    release();
    vi.useRealTimers();
  });

  it('hands the pushes to listeners, ignores frames it cannot read, and closes when the last holder leaves', () => {
    const { client, sockets } = setup();
    const first = client.retain();
    const second = client.retain();
    const listener = vi.fn();
    client.subscribe(listener);
    sockets[0]!.open();
    sockets[0]!.push(ready);
    sockets[0]!.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    sockets[0]!.push({ type: 'mystery' });
    const update = {
      type: 'video-asset-updated',
      data: {
        id: 'v1',
        workspace: null,
        transcode_status: 'COMPLETE',
        status: 'COMPLETE',
        transcoder_warnings: [],
        transcoder_errors: [],
        duration: 3,
        playable: true,
        updated_at: '2026-11-22T10:00:00Z',
      },
    };
    sockets[0]!.push(update);
    expect(listener.mock.calls.map(([message]) => (message as { type: string }).type)).toEqual([
      'ready',
      'video-asset-updated',
    ]);
    expect(client.isReady()).toBe(true);
    first();
    expect(sockets[0]!.closed).toBe(false);
    second();
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    vi.useRealTimers();
  });
});

describe('eventNamed', () => {
  it('is the server’s acknowledgement of setEventId, not of a ping or readiness', () => {
    expect(eventNamed({ type: 'ack', data: { of: 'setEventId' } })).toBe(true);
    expect(eventNamed({ type: 'ack', data: { of: 'ping' } })).toBe(false);
    expect(eventNamed({ type: 'ready', data: { userId: 'u', organizationId: 'o' } })).toBe(false);
  });
});
