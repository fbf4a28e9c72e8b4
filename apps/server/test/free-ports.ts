import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * `count` free loopback ports, all different, for servers whose addresses must be known before
 * they start: each is held until every one is chosen, then closed for the caller to listen on.
 * (Asked one at a time, the system may give the port it just closed again: an e2e studio once got
 * the same port for its attendee site and its RTMP ingest.)
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const server = createServer().listen(0, '127.0.0.1');
      servers.push(server);
      await once(server, 'listening');
    }
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** One free loopback port (closed again: the caller listens on it). */
export const freePort = async (): Promise<number> => (await freePorts(1))[0]!;
