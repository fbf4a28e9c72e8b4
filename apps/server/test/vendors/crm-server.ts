import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the CRM fakes share: a loopback JSON server that records each request and can be told to fail. */
export interface CrmRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The body as text (JSON, form). */
  text: string;
}

export interface CrmReply {
  status: number;
  json?: unknown;
}

export async function startCrmServer(handle: (request: CrmRequest) => CrmReply) {
  const requests: CrmRequest[] = [];
  let failing = 0;
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const request = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        text: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const reply =
        failing > 0 ? ((failing -= 1), { status: 503, json: { message: 'down' } }) : handle(request);
      outgoing.writeHead(reply.status, { 'content-type': 'application/json' });
      outgoing.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next `count` requests answer 503. */
    fail: (count: number) => {
      failing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const bearerOf = (request: CrmRequest) =>
  /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
