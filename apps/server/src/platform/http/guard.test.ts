import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Caller } from './caller.ts';
import { notFound } from './errors.ts';
import { guard, SIGNED_IN } from './guard.ts';
import { createHttpServer, type HttpServer } from './server.ts';

const people: Record<string, Caller> = {
  editor: { userId: 'u1', sessionId: 's1', organizationId: 'o1', role: 'EVENT_EDITOR' },
  brand: { userId: 'u2', sessionId: 's2', organizationId: 'o1', role: 'BRAND_EDITOR' },
  loner: { userId: 'u3', sessionId: 's3', organizationId: null, role: null },
};
const objects: Record<string, { id: string; organizationId: string }> = {
  mine: { id: 'mine', organizationId: 'o1' },
  theirs: { id: 'theirs', organizationId: 'o2' },
};

let app: HttpServer;
const calls = { scope: 0, load: 0 };

beforeAll(async () => {
  app = await createHttpServer({
    logLevel: 'silent',
    trustProxy: false,
    authenticate: (token) => Promise.resolve(people[token] ?? null),
  });
  const anyone = guard({ permission: SIGNED_IN });
  const updates = guard({
    permission: 'event:update',
    scope: (caller) => {
      calls.scope += 1;
      return Promise.resolve({ organizationId: caller.organizationId });
    },
    load: (scope, id) => {
      calls.load += 1;
      if (id === 'broken') return Promise.reject(new Error('connection terminated'));
      if (id === 'gone') return Promise.reject(notFound());
      const object = objects[id];
      return Promise.resolve(object?.organizationId === scope.organizationId ? object : undefined);
    },
  });
  const body = z.object({ name: z.string() });
  app.get('/anyone', { preValidation: anyone.preValidation }, (request) => ({
    user: anyone.of(request).caller.userId,
  }));
  app.patch(
    '/objects/:id',
    { preValidation: updates.preValidation, schema: { params: z.object({ id: z.string() }), body } },
    (request) => {
      const { scope, object } = updates.of(request);
      return { organization: scope.organizationId, id: object.id, name: request.body.name };
    },
  );
  const kinds = guard({
    permission: SIGNED_IN,
    param: 'kind',
    load: (_caller, kind) => Promise.resolve(['salesforce', 'hubspot'].includes(kind) ? kind : undefined),
  });
  app.patch(
    '/kinds/:kind',
    { preValidation: kinds.preValidation, schema: { params: z.object({ kind: z.string() }), body } },
    (request) => ({ kind: kinds.of(request).object }),
  );
  app.get('/unguarded', (request) => updates.of(request));
  await app.ready();
});
afterAll(() => app.close());

const call = (method: 'GET' | 'PATCH', url: string, who?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    ...(who ? { headers: { authorization: `Bearer ${who}` } } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('the guard', () => {
  it('loads what another path parameter names, 404 before the body when it names nothing', async () => {
    expect((await call('PATCH', '/kinds/hubspot', 'loner', { name: 'x' })).json()).toEqual({
      kind: 'hubspot',
    });
    expect((await call('PATCH', '/kinds/hubspot', 'loner', {})).statusCode).toBe(400);
    expect((await call('PATCH', '/kinds/other', 'loner', {})).statusCode).toBe(404);
  });

  it('lets anyone signed in through its signed-in form, with or without an organisation', async () => {
    expect((await call('GET', '/anyone')).statusCode).toBe(401);
    expect((await call('GET', '/anyone', 'loner')).json()).toEqual({ user: 'u3' });
    expect((await call('GET', '/anyone', 'brand')).json()).toEqual({ user: 'u2' });
  });

  it('answers 401, 403 and 404 before the body is validated', async () => {
    expect((await call('PATCH', '/objects/mine', undefined, {})).statusCode).toBe(401);
    expect((await call('PATCH', '/objects/mine', 'brand', {})).statusCode).toBe(403);
    expect((await call('PATCH', '/objects/mine', 'loner', {})).statusCode).toBe(403);
    const foreign = await call('PATCH', '/objects/theirs', 'editor', {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('PATCH', '/objects/gone', 'editor', {})).statusCode).toBe(404);
    expect((await call('PATCH', '/objects/mine', 'editor', {})).statusCode).toBe(400);
  });

  it('computes the scope and loads the object once, and hands both to the handler', async () => {
    calls.scope = 0;
    calls.load = 0;
    const answer = await call('PATCH', '/objects/mine', 'editor', { name: 'Renamed' });
    expect(answer.json()).toEqual({ organization: 'o1', id: 'mine', name: 'Renamed' });
    expect(calls).toEqual({ scope: 1, load: 1 });
  });

  it('lets a failure of the load through as a server error, never a 404', async () => {
    const answer = await call('PATCH', '/objects/broken', 'editor', { name: 'x' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('refuses a handler whose route does not run it', async () => {
    expect((await call('GET', '/unguarded', 'editor')).statusCode).toBe(500);
  });
});
