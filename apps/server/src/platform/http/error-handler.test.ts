import { serverMessages } from '@studio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from './server.ts';

/** What the database driver throws (node-postgres and PGlite alike: `code` and the server's message). */
const databaseError = (code: string, message: string) => Object.assign(new Error(message), { code });

let app: HttpServer;

beforeAll(async () => {
  app = await createHttpServer({
    logLevel: 'silent',
    trustProxy: false,
    authenticate: () => Promise.resolve(null),
  });
  app.post('/rooms', () => {
    throw databaseError(
      '23503',
      'insert or update on table "rooms" violates foreign key constraint "rooms_event_id_fkey"',
    );
  });
  app.delete('/events', () => {
    throw databaseError(
      '23503',
      'update or delete on table "events" violates foreign key constraint "rooms_event_id_fkey" on table "rooms"',
    );
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers 409 for a row written for something deleted meanwhile (a foreign key gone)', async () => {
    const answer = await app.inject({ method: 'POST', url: '/rooms' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: serverMessages.deletedMeanwhile, code: 'CONFLICT' });
  });

  it('keeps a delete refused by its rows a server error: that is a missing check, not a race', async () => {
    const answer = await app.inject({ method: 'DELETE', url: '/events' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
