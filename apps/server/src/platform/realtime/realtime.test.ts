import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SOCKET_CLOSE_FORBIDDEN, type ServerSocketMessage } from '@studio/domain';
import type { Caller } from '../http/caller.ts';
import { HttpError } from '../http/errors.ts';
import { createHttpServer, type HttpServer } from '../http/server.ts';
import { registerRealtimeGateway, type Realtime } from './gateway.ts';
import { createInProcessPubSub, type PubSub } from './pubsub.ts';

const callers: Record<string, Caller> = {
  alice: { userId: 'alice', sessionId: 's1', organizationId: 'org-a', role: 'ORG_ADMIN' },
  tom: { userId: 'tom', sessionId: 's2', organizationId: 'org-a', role: 'WORKSPACE_ADMIN' },
  bob: { userId: 'bob', sessionId: 's3', organizationId: 'org-b', role: 'ORG_ADMIN' },
  loner: { userId: 'loner', sessionId: 's4', organizationId: null, role: null },
};

/** Tokens the authenticator now refuses (an API token whose organisation turned the automation API off). */
const refused = new Set<string>();
let app: HttpServer;
let realtime: Realtime;
let pubsub: PubSub;
let base: string;

beforeAll(async () => {
  const authenticate = (token: string) =>
    refused.has(token)
      ? Promise.reject(new HttpError(403, 'FEATURE_NOT_ENABLED', 'Not enabled'))
      : Promise.resolve(callers[token] ?? null);
  app = await createHttpServer({ logLevel: 'silent', trustProxy: false, authenticate });
  pubsub = createInProcessPubSub();
  realtime = await registerRealtimeGateway(app, {
    authenticate,
    recheckSeconds: 0.1,
    pubsub,
    // Tom sees only the videos of team-1.
    visibleWorkspaces: (caller) => Promise.resolve(caller.userId === 'tom' ? ['team-1'] : null),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(async () => {
  await app.close();
  await pubsub.close();
});

async function connect(token: string) {
  const socket = new WebSocket(`${base}?token=${token}`);
  const received: ServerSocketMessage[] = [];
  socket.on('message', (data) =>
    received.push(JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as ServerSocketMessage),
  );
  await until(() => received.some((message) => message.type === 'ready'));
  return { socket, received, of: (type: string) => received.filter((message) => message.type === type) };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error('timed out');
}

const assetUpdate = (id: string, workspace: string | null): ServerSocketMessage => ({
  type: 'video-asset-updated',
  data: {
    id,
    workspace,
    transcode_status: 'COMPLETE',
    status: 'COMPLETE',
    transcoder_warnings: [],
    transcoder_errors: [],
    duration: 2,
    playable: true,
    updated_at: new Date(0).toISOString(),
  },
});

describe('websocket gateway', () => {
  it('authenticates with the token in the query, like HTTP', async () => {
    for (const [token, status] of [
      ['nobody', 401],
      ['loner', 403],
    ] as const) {
      const socket = new WebSocket(`${base}?token=${token}`);
      const answered = await new Promise<number>((resolve) => {
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => resolve(101));
      });
      expect(answered).toBe(status);
    }
    const plain = await app.inject({ method: 'GET', url: '/api/ws?token=alice' });
    expect(plain.statusCode).toBe(426);
    expect((await app.inject({ method: 'GET', url: '/api/ws' })).statusCode).toBe(401);
    const { socket, received } = await connect('alice');
    expect(received[0]).toEqual({ type: 'ready', data: { userId: 'alice', organizationId: 'org-a' } });
    socket.close();
  });

  it("pushes to the organisation's sockets only, within the workspaces each person sees", async () => {
    const alice = await connect('alice');
    const tom = await connect('tom');
    const bob = await connect('bob');
    await realtime.publish('org-a', assetUpdate('v1', 'team-1'), { workspaceId: 'team-1' });
    await realtime.publish('org-a', assetUpdate('v2', 'team-2'), { workspaceId: 'team-2' });
    await realtime.publish('org-a', assetUpdate('v3', null), { workspaceId: null });
    await realtime.publish('org-b', assetUpdate('v4', null), { workspaceId: null });
    await until(
      () => alice.of('video-asset-updated').length === 3 && bob.of('video-asset-updated').length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const ids = (client: typeof alice) =>
      client.of('video-asset-updated').map((message) => (message.data as { id: string }).id);
    expect(ids(alice)).toEqual(['v1', 'v2', 'v3']);
    expect(ids(tom)).toEqual(['v1']);
    expect(ids(bob)).toEqual(['v4']);
    for (const client of [alice, tom, bob]) client.socket.close();
  });

  it('sends event pushes to the sockets that named the event with setEventId', async () => {
    const watching = await connect('alice');
    const elsewhere = await connect('alice');
    watching.socket.send(
      JSON.stringify({
        type: 'setEventId',
        data: { eventId: 'event-1', userId: 'alice', route: '/events/event-1' },
      }),
    );
    await until(() => watching.of('ack').length === 1);
    expect(watching.of('ack')[0]).toEqual({ type: 'ack', data: { of: 'setEventId' } });
    elsewhere.socket.send('not json');
    await until(() => elsewhere.of('error').length === 1);
    await realtime.publish(
      'org-a',
      { type: 'broadcast-updated', data: { eventId: 'event-1', id: 'b1', status: 'LIVE' } },
      { eventId: 'event-1' },
    );
    await until(() => watching.of('broadcast-updated').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(elsewhere.of('broadcast-updated')).toEqual([]);
    for (const client of [watching, elsewhere]) client.socket.close();
    await until(() => realtime.connections() === 0);
  });
});

describe('an open socket', () => {
  it('is closed with 4401 once its token stops authenticating', async () => {
    callers.temporary = { userId: 'temp', sessionId: 's9', organizationId: 'org-a', role: 'ORG_ADMIN' };
    const { socket } = await connect('temporary');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    delete callers.temporary;
    expect(await closed).toBe(4401);
  });

  it('is closed with 4403 once its token is refused', async () => {
    callers.script = { userId: 'script', sessionId: null, organizationId: 'org-a', role: 'ORG_ADMIN' };
    const { socket } = await connect('script');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    refused.add('script');
    expect(await closed).toBe(SOCKET_CLOSE_FORBIDDEN);
  });
});
