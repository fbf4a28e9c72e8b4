import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Caller } from './caller.ts';
import { guard, SIGNED_IN } from './guard.ts';
import { pageQuerySchema, pageSchema } from '@studio/domain';
import { publicRoutesOf, routesOf } from './route-kit.ts';
import { createHttpServer, type HttpServer } from './server.ts';

const people: Record<string, Caller> = {
  editor: { userId: 'u1', sessionId: 's1', organizationId: 'o1', role: 'EVENT_EDITOR' },
  loner: { userId: 'u3', sessionId: 's3', organizationId: null, role: null },
};
const notes: Record<string, { id: string; text: string }> = { n1: { id: 'n1', text: 'hello' } };
const made: string[] = [];
const removed: string[] = [];

const idParams = z.object({ id: z.string() });
const noteSchema = z.object({ id: z.string(), text: z.string() });
const noteBody = z.object({ text: z.string().min(1) });

let app: HttpServer;

beforeAll(async () => {
  app = await createHttpServer({
    logLevel: 'silent',
    trustProxy: false,
    authenticate: (token) => Promise.resolve(people[token] ?? null),
  });
  const editors = guard({ permission: 'event:update' });
  const noteEditors = guard({
    permission: 'event:update',
    load: (_caller, id) => Promise.resolve(notes[id]),
  });
  const anyone = guard({ permission: SIGNED_IN });
  const route = routesOf(app, ['notes'], 'https://studio.test');
  route.get(
    '/api/notes/',
    anyone,
    { query: z.object({ text: z.string().optional() }), answer: z.array(noteSchema) },
    ({ query }) => Object.values(notes).filter((note) => !query.text || note.text === query.text),
  );
  route.list(
    '/api/notes/pages/',
    anyone,
    { query: pageQuerySchema, answer: pageSchema(noteSchema), pageSize: 1 },
    ({ page }) => Promise.resolve({ count: 3, results: [{ id: `n${page.offset}`, text: `${page.limit}` }] }),
  );
  route.list(
    '/api/notes/estimated/',
    anyone,
    { query: pageQuerySchema, answer: pageSchema(noteSchema), pageSize: 1 },
    () => Promise.resolve({ count: 5000, estimated: true, results: [{ id: 'n1', text: 'hello' }] }),
  );
  route.post(
    '/api/notes/',
    editors,
    { body: noteBody, answer: noteSchema, status: 201 },
    ({ caller, body }) => {
      made.push(caller.userId);
      return Promise.resolve({ id: 'n2', text: body.text });
    },
  );
  route.patch(
    '/api/notes/:id/',
    noteEditors,
    { params: idParams, body: noteBody, answer: noteSchema },
    ({ object, body, params }) => Promise.resolve({ id: `${object.id}/${params.id}`, text: body.text }),
  );
  route.delete('/api/notes/:id/', noteEditors, { params: idParams, status: 204 }, ({ object }) => {
    removed.push(object.id);
    return Promise.resolve({ ignored: true });
  });
  publicRoutesOf(app, ['notes']).get(
    '/api/public/notes/:id/',
    { params: idParams, answer: noteSchema },
    ({ params }) => notes[params.id] ?? { id: params.id, text: 'unknown' },
  );
  await app.ready();
});

afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('routes declared with the kit', () => {
  it('runs the guard before the body is looked at: 401, 403, then 404, then 400', async () => {
    expect((await call('POST', '/api/notes/', undefined, { text: '' })).statusCode).toBe(401);
    expect((await call('POST', '/api/notes/', 'loner', { text: '' })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/notes/missing/', 'editor', { text: '' })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/notes/n1/', 'editor', { text: '' })).statusCode).toBe(400);
  });

  it('hands the handler the validated query and the caller', async () => {
    const answer = await call('GET', '/api/notes/?text=hello', 'loner');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([{ id: 'n1', text: 'hello' }]);
    expect((await call('GET', '/api/notes/?text=other', 'loner')).json()).toEqual([]);
  });

  it('answers a list page by page: the page the query asks for, with links to the others', async () => {
    const first = await call('GET', '/api/notes/pages/', 'loner');
    expect(first.json()).toEqual({
      count: 3,
      next: 'https://studio.test/api/notes/pages/?limit=1&offset=1',
      previous: null,
      results: [{ id: 'n0', text: '1' }],
    });
    const last = await call('GET', '/api/notes/pages/?limit=2&offset=2', 'loner');
    expect(last.json()).toMatchObject({
      next: null,
      previous: 'https://studio.test/api/notes/pages/?limit=2',
    });
  });

  it('says when a list counts by estimate, and links the next page after a full one', async () => {
    expect((await call('GET', '/api/notes/estimated/', 'loner')).json()).toMatchObject({
      count: 5000,
      count_is_estimate: true,
      next: 'https://studio.test/api/notes/estimated/?limit=1&offset=1',
    });
  });

  it('answers 201 with what was made, the caller from the guard', async () => {
    const answer = await call('POST', '/api/notes/', 'editor', { text: 'new' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ id: 'n2', text: 'new' });
    expect(made).toEqual(['u1']);
  });

  it("hands the handler the guard's object with the path and body", async () => {
    const answer = await call('PATCH', '/api/notes/n1/', 'editor', { text: 'changed' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 'n1/n1', text: 'changed' });
  });

  it('answers 204 with no body, whatever the handler returned', async () => {
    const answer = await call('DELETE', '/api/notes/n1/', 'editor');
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(removed).toEqual(['n1']);
  });

  it('describes each route in the OpenAPI document with its schemas and status', async () => {
    type Operation = {
      tags: string[];
      responses: Record<string, unknown>;
      requestBody?: unknown;
      parameters?: { in: string; name: string }[];
    };
    const document = (await call('GET', '/api/docs/openapi.json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const notes = document.paths['/api/notes/'];
    const note = document.paths['/api/notes/{id}/'];
    expect(notes?.post?.tags).toEqual(['notes']);
    expect(Object.keys(notes?.post?.responses ?? {})).toEqual(['201']);
    expect(notes?.post?.requestBody).toBeDefined();
    expect(note?.patch?.parameters?.[0]).toMatchObject({ in: 'path', name: 'id' });
    expect(notes?.get?.parameters?.[0]).toMatchObject({ in: 'query', name: 'text' });
  });

  it('answers a public route without a token and lists it with no security', async () => {
    const answer = await call('GET', '/api/public/notes/n1/');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 'n1', text: 'hello' });
    const document = (await call('GET', '/api/docs/openapi.json')).json<{
      paths: Record<string, Record<string, { security?: unknown[]; tags: string[] }>>;
    }>();
    const note = document.paths['/api/public/notes/{id}/'];
    expect(note?.get?.security).toEqual([]);
    expect(note?.get?.tags).toEqual(['notes']);
  });
});
