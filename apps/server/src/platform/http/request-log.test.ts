import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from './server.ts';

const lines: string[] = [];
let app: HttpServer;
beforeAll(async () => {
  app = await createHttpServer({
    logLevel: 'info',
    logStream: { write: (line) => lines.push(line) },
    trustProxy: false,
    authenticate: () => Promise.resolve(null),
  });
  app.get('/api/probe', () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('the request log', () => {
  it('never writes a bearer token, from the header or the query', async () => {
    const apiToken = `st_${'A'.repeat(43)}`;
    const socketToken = `st_${'B'.repeat(43)}`;
    await app.inject({ method: 'GET', url: '/api/probe', headers: { authorization: `Bearer ${apiToken}` } });
    await app.inject({ method: 'GET', url: `/api/probe?organization=o1&token=${socketToken}&page=2` });
    const log = lines.join('');
    expect(log).toContain('/api/probe?organization=o1&token=[redacted]&page=2');
    expect(log).not.toContain(apiToken);
    expect(log).not.toContain(socketToken);
  });
});
