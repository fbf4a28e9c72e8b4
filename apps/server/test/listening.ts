import type net from 'node:net';
import { WebSocket } from 'ws';
import type { StudioConfig } from '../src/studio.ts';
import { configOf, openedForFile, type FileStudioConfig } from './file-studio.ts';
import { freePort } from './free-ports.ts';
import { createTestStudio, type TestStudio } from './harness.ts';

export { freePort, freePorts } from './free-ports.ts';

/** Listens with `server` on a free loopback port, answered. */
export async function listenOnLoopback(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A studio listening on loopback (sockets, fetch, players), its public address the one it serves. */
export async function listeningStudio(
  config: Partial<StudioConfig> = {},
): Promise<{ studio: TestStudio; publicUrl: string }> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const studio = await createTestStudio({ publicUrl, ...config });
  await studio.app.listen({ port, host: '127.0.0.1' });
  return { studio, publicUrl };
}

/**
 * The test file's listening studio (listeningStudio's, with its `publicUrl`): opened before its
 * tests, closed after them; `config` as fileStudio's.
 */
export function fileListeningStudio(config: FileStudioConfig = {}): TestStudio & { publicUrl: string } {
  return openedForFile(async () => {
    const { studio, publicUrl } = await listeningStudio(configOf(config));
    return { ...studio, publicUrl };
  });
}

export type SocketMessage = { type: string; data: Record<string, unknown> };

/**
 * A studio socket of a person that named an event with setEventId (null: none), with every
 * message it receives; `of(type)` answers the data of one kind of push, and after `caughtUp()`
 * it holds every push sent before.
 */
export async function watchEvent(
  publicUrl: string,
  person: { access: string; userId: string },
  eventId: string | null,
  route?: string,
) {
  const socket = new WebSocket(`${publicUrl.replace('http', 'ws')}/api/ws?token=${person.access}`);
  const received: SocketMessage[] = [];
  socket.on('message', (data) =>
    received.push(JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as SocketMessage),
  );
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  await until(() => received.some((message) => message.type === 'ready'));
  socket.send(
    JSON.stringify({
      type: 'setEventId',
      data: { eventId, userId: person.userId, ...(route ? { route } : {}) },
    }),
  );
  await until(() => received.some((message) => message.type === 'ack'));
  const of = (type: string) =>
    received.filter((message) => message.type === type).map((message) => message.data);
  /** Has every push the server sent this socket so far arrived (a ping answered after them)? */
  const caughtUp = async () => {
    const acks = of('ack').length;
    socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => of('ack').length > acks);
  };
  return { socket, received, of, until, caughtUp };
}
