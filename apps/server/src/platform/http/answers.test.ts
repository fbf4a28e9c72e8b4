import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameFields, timestampsOf } from './answers.ts';
import { createHttpServer } from './server.ts';

/** A route whose handler builds more than its response schema declares, or exactly that. */
async function serverAnswering(checkAnswers: boolean | undefined) {
  const app = await createHttpServer({
    logLevel: 'silent',
    trustProxy: false,
    authenticate: () => Promise.resolve(null),
    checkAnswers,
  });
  const schema = { response: { 200: z.object({ name: z.string(), tags: z.array(z.string()) }) } };
  app.get('/declared', { schema }, () => ({ name: 'Keynote', tags: ['a'] }));
  app.get('/undeclared', { schema }, () => ({ name: 'Keynote', tags: [], password_hash: 'x' }));
  return app;
}

describe('answers and their response schemas', () => {
  it('by default encodes each answer with its schema and refuses one that holds an undeclared field', async () => {
    const app = await serverAnswering(undefined);
    const declared = await app.inject({ method: 'GET', url: '/declared' });
    expect(declared.statusCode).toBe(200);
    expect(declared.json()).toEqual({ name: 'Keynote', tags: ['a'] });
    const undeclared = await app.inject({ method: 'GET', url: '/undeclared' });
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.body).not.toContain('password_hash');
    await app.close();
  });

  it('without the check sends what the handler built, as JSON', async () => {
    const app = await serverAnswering(false);
    const declared = await app.inject({ method: 'GET', url: '/declared' });
    expect(declared.statusCode).toBe(200);
    expect(declared.headers['content-type']).toContain('application/json');
    expect(declared.body).toBe('{"name":"Keynote","tags":["a"]}');
    await app.close();
  });
});

describe('a row mapper', () => {
  const row = {
    id: 'r-1',
    name: 'Keynote',
    password_hash: 'x',
    created_at: new Date('2026-12-05T10:00:00Z'),
    updated_at: new Date('2026-12-05T11:30:00Z'),
  };

  it('takes only the fields it names from the row', () => {
    expect(sameFields(row, ['id', 'name'])).toEqual({ id: 'r-1', name: 'Keynote' });
  });

  it('answers the creation and last change as ISO strings', () => {
    expect(timestampsOf(row)).toEqual({
      created_at: '2026-12-05T10:00:00.000Z',
      updated_at: '2026-12-05T11:30:00.000Z',
    });
  });
});
