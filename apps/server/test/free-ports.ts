import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';

/** `N` port numbers: a tuple when N is a literal (`freePorts(3)` answers three). */
type Ports<N extends number, Taken extends number[] = []> = number extends N
  ? number[]
  : Taken['length'] extends N
    ? Taken
    : Ports<N, [...Taken, number]>;

/**
 * `count` free loopback ports, all different, for servers whose addresses must be known before
 * they start: each is held until every one is chosen, then closed for the caller to listen on.
 * (Asked one at a time, the system may give the port it just closed again: an e2e studio once got
 * the same port for its attendee site and its RTMP ingest.)
 */
export async function freePorts<N extends number>(count: N): Promise<Ports<N>> {
  const servers: Server[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const server = createServer().listen(0, '127.0.0.1');
      servers.push(server);
      await once(server, 'listening');
    }
    return servers.map((server) => (server.address() as AddressInfo).port) as Ports<N>;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** One free loopback port (closed again: the caller listens on it). */
export const freePort = async (): Promise<number> => (await freePorts(1))[0];
