import { beforeEach, expect } from 'vitest';
import { crmMessages } from '@studio/domain';
import { VendorError } from '../../src/modules/integrations/vendors/vendor-http.ts';
import http from 'node:http';
import { openedForFile } from '../file-studio.ts';
import { listenOnLoopback } from '../listening.ts';

/** What the vendor fakes share: a loopback server that records every request and can be told to fail. */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body as text (JSON, form). */
  text: string;
}

export interface Reply {
  status?: number;
  json?: unknown;
  /** Sent as it is (garbage answers). */
  text?: string;
  headers?: Record<string, string>;
}

export type VendorServer = Awaited<ReturnType<typeof startVendorServer>>;

export async function startVendorServer(handle: (request: RecordedRequest) => Reply | Promise<Reply>) {
  const requests: RecordedRequest[] = [];
  const queued: Reply[] = [];
  let receivedBytes = 0;
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      receivedBytes += chunk.length;
    });
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks);
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        text: body.toString('utf8'),
      };
      requests.push(request);
      void Promise.resolve(queued.shift() ?? handle(request)).then((reply) => {
        const text = reply.text ?? JSON.stringify(reply.json ?? null);
        outgoing.writeHead(reply.status ?? 200, {
          'content-type': reply.text === undefined ? 'application/json' : 'text/plain',
          ...reply.headers,
        });
        outgoing.end(text);
      });
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Body bytes received so far, those of requests still arriving too. */
    receivedBytes: () => receivedBytes,
    /** The next requests get these answers, whatever they ask. */
    answerNext: (...replies: Reply[]) => queued.push(...replies),
    /** The next `count` requests answer 503, instead of what was queued (0: none). */
    fail: (count: number) => {
      queued.length = 0;
      for (let i = 0; i < count; i += 1) queued.push({ status: 503, json: { message: 'down' } });
    },
    /** The requests to `path`, in order. */
    to: (path: string) => requests.filter((request) => request.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A local vendor server (`start`'s) for the test file: opened before its tests, its recorded
 * requests cleared before each test, closed after them.
 */
export function fileVendorServer<T extends VendorServer>(start: () => Promise<T>): T {
  const server = openedForFile(start);
  beforeEach(() => {
    server.requests.length = 0;
  });
  return server;
}

/** The outbound policy and fast retries the vendor tests use. */
export const loopbackVendorOptions = (baseUrl: string) => ({
  baseUrl,
  outbound: { allowedHosts: ['127.0.0.1'] },
  retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
});

/** A bearer token from the Authorization header. */
export const bearer = (request: RecordedRequest) =>
  /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];

/** The VendorError a client's call fails with (the test fails if it succeeds or fails otherwise). */
export const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a VendorError'),
    (failure: unknown) => {
      expect(failure).toBeInstanceOf(VendorError);
      return failure as VendorError;
    },
  );

/**
 * A client given bad credentials: authenticating fails with the spec message and names none of
 * the secrets, and its health check answers false.
 */
export async function expectCredentialsRefused(
  client: { authenticate(): Promise<unknown>; health(): Promise<boolean> },
  ...secrets: string[]
) {
  const failure = await failureOf(client.authenticate());
  expect(failure.kind).toBe('authentication');
  expect(failure.userMessage).toBe(crmMessages.authenticationFailed);
  for (const secret of secrets) expect(failure.message).not.toContain(secret);
  expect(await client.health()).toBe(false);
}
