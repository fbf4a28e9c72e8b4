/**
 * Bad input on EVERY route: an organisation's admin (the caller who gets furthest into a route)
 * sends each one malformed ids, query values and body fields. The answer is a success or a clear
 * refusal — a 4xx with the JSON `message` and `code` (or, on the pages people open from an email,
 * a page that says so) — never a server error. Routes are collected as they are registered, so a
 * new route is covered without touching this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileStudio } from '../test/file-studio.ts';
import { bearer } from '../test/harness.ts';
import { studioRoutes, type StudioRoute } from '../test/studio-routes.ts';
import { newAdmin } from './modules/access/access.fixtures.ts';
import { caller, newEvent } from './modules/back-office/back-office.fixtures.ts';

const { onRoute, routes } = studioRoutes();
const studio = fileStudio({ onRoute });

/** Ids no row has and no statement may choke on. */
const BAD_IDS = ['a\u0000b', "1' or '1'='1"];
/** Values a field or a query parameter may be sent instead of its own. */
const BAD_VALUES: unknown[] = [
  'a\u0000b',
  '2026-13-45T99:99:99Z',
  '0000-01-01',
  'x'.repeat(70_000),
  -1,
  1e308,
  0.5,
  true,
  null,
  [],
  {},
  "1' or '1'='1",
];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const jsonSchemaOf = (schema: unknown): JsonSchema | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
};

/** A value of the schema's shape that passes as much validation as a plain guess can. */
function goodValue(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema) return undefined;
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (first) return goodValue(first, depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => goodValue(part, depth)));
  if (schema.enum) return schema.enum[0];
  const type = [schema.type].flat()[0];
  if (type === 'object' && depth < 3)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, goodValue(value, depth + 1)]),
    );
  if (type === 'array') return depth < 3 ? [goodValue(schema.items, depth + 1)] : [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'date-time') return '2031-05-01T10:00:00Z';
  if (schema.format === 'date') return '2031-05-01';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'email') return 'someone@example.com';
  return 'abc';
}

const fieldsOf = (schema: JsonSchema | undefined) => Object.keys(schema?.properties ?? {});
/** Three bad values a field, a different three for each field, so that every value meets many fields. */
const badValuesFor = (index: number) =>
  [0, 4, 8].map((step) => BAD_VALUES[(index + step) % BAD_VALUES.length]);

let admin: { access: string };
let eventId: string;

beforeAll(async () => {
  admin = await newAdmin(studio, 'Bad Input Org');
  const event = await newEvent(caller(studio, admin.access), {
    title: 'Bad input probe',
    start: '2031-05-01T10:00:00Z',
    end: '2031-05-01T12:00:00Z',
  });
  eventId = event.id;
});

/** The route's path with each parameter filled: `id`, or an enum's first option. */
function pathWith(route: StudioRoute, params: JsonSchema | undefined, id: string) {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const options = params?.properties?.[name]?.enum;
    return encodeURIComponent(options ? String(options[0]) : id);
  });
}

describe('bad input on every route', () => {
  it('answers a success or a 4xx with its message and code, never a server error', async () => {
    const failures: string[] = [];
    let requests = 0;
    // The sign-in routes last: some of them end the admin's session.
    const ordered = [...routes()].sort(
      (a, b) => Number(a.url.startsWith('/api/auth/')) - Number(b.url.startsWith('/api/auth/')),
    );
    for (const route of ordered) {
      const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const hasParams = route.url.includes(':');
      const params = jsonSchemaOf(route.schema?.params);
      const query = jsonSchemaOf(route.schema?.querystring);
      const body = jsonSchemaOf(route.schema?.body);
      const good = goodValue(body);
      const calls: { url: string; payload?: unknown; what: string }[] = [];
      // A delete with a real id would take the probe's event away: deletes get bad ids only.
      if (method !== 'DELETE') {
        const url = pathWith(route, params, eventId);
        calls.push({ url, payload: good, what: 'a plain guess' });
        fieldsOf(query).forEach((name, index) => {
          for (const value of badValuesFor(index))
            calls.push({
              url: `${url}?${new URLSearchParams({ [name]: String(value) }).toString()}`,
              payload: good,
              what: `?${name}=${JSON.stringify(value).slice(0, 30)}`,
            });
        });
        if (good && typeof good === 'object' && !Array.isArray(good))
          fieldsOf(body).forEach((name, index) => {
            for (const value of badValuesFor(index))
              calls.push({
                url,
                payload: { ...good, [name]: value },
                what: `${name}: ${JSON.stringify(value).slice(0, 30)}`,
              });
          });
      }
      if (hasParams)
        for (const bad of BAD_IDS)
          calls.push({ url: pathWith(route, params, bad), payload: good, what: `id ${JSON.stringify(bad)}` });

      for (const { url, payload, what } of calls) {
        const response = await studio.app.inject({
          method,
          url,
          headers: bearer(admin.access),
          ...(payload !== undefined && method !== 'GET' ? { payload: payload as object } : {}),
        });
        requests += 1;
        const where = `${route.method} ${route.url} with ${what}: ${response.statusCode}`;
        if (response.statusCode >= 500) failures.push(`${where} ${response.body.slice(0, 200)}`);
        else if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
          const answer = response.json<{ message?: unknown; code?: unknown }>();
          if (typeof answer.message !== 'string' || typeof answer.code !== 'string')
            failures.push(`${where} without message and code: ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 900_000);
});
