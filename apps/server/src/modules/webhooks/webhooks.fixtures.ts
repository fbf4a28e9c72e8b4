import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from '../../../test/listening.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback answering each request with the next status of its script (then 200). */
export async function startReceiver() {
  const received: Received[] = [];
  const script: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = script.shift() ?? 200;
      if (status === 302) response.writeHead(302, { location: 'http://10.0.0.1/' }).end();
      else response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The statuses the next requests get, in order. */
    answer: (...statuses: number[]) => script.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
