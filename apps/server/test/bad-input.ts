import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The bad-input matrices' calls (the studio's and the attendee site's): for a route and its zod
 * schemas, a plain guess at a good call, then the same with each query parameter and each body
 * field given bad values, and with bad ids in its path. Every answer must be a success or a clear
 * refusal (`refusalProblem`), never a server error.
 */

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

/** The route's path with each parameter filled: `id`, or an enum's first option. */
function pathWith(url: string, params: JsonSchema | undefined, id: string) {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const options = params?.properties?.[name]?.enum;
    return encodeURIComponent(options ? String(options[0]) : id);
  });
}

interface BadInputCall {
  url: string;
  payload?: unknown;
  /** What the call sends wrong, for the failure's line. */
  what: string;
}

/**
 * The calls of one route: `id` fills its path (a real object's, so the call gets past its lookup).
 * A delete gets bad ids only (a real id would take the probe's object away).
 */
function badInputCalls(
  route: { method: string; url: string; schema?: RouteOptions['schema'] },
  id: string,
): BadInputCall[] {
  const params = jsonSchemaOf(route.schema?.params);
  const query = jsonSchemaOf(route.schema?.querystring);
  const body = jsonSchemaOf(route.schema?.body);
  const good = goodValue(body);
  const calls: BadInputCall[] = [];
  if (route.method !== 'DELETE') {
    const url = pathWith(route.url, params, id);
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
  if (route.url.includes(':'))
    for (const bad of BAD_IDS)
      calls.push({ url: pathWith(route.url, params, bad), payload: good, what: `id ${JSON.stringify(bad)}` });
  return calls;
}

/**
 * What is wrong with the answer, if anything: a server error, or a JSON refusal without its
 * `message` and `code`. (A page that refuses says so in its own words.)
 */
function refusalProblem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return response.body.slice(0, 200);
  if (response.statusCode < 400 || !String(response.headers['content-type']).includes('json'))
    return undefined;
  const answer = response.json<{ message?: unknown; code?: unknown }>();
  return typeof answer.message === 'string' && typeof answer.code === 'string'
    ? undefined
    : `without message and code: ${response.body.slice(0, 200)}`;
}

type SweptRoute = { method: string; url: string; schema?: RouteOptions['schema'] };

/**
 * Every call of every route (in order) into `app` with `headers` (the caller's): how many were
 * made, and a line for each answer that is neither a success nor a clear refusal.
 */
export async function sweepBadInput(
  app: Pick<FastifyInstance, 'inject'>,
  routes: readonly SweptRoute[],
  { id, headers }: { id: string; headers: Record<string, string> },
): Promise<{ requests: number; failures: string[] }> {
  const failures: string[] = [];
  let requests = 0;
  for (const route of routes)
    for (const { url, payload, what } of badInputCalls(route, id)) {
      const response = await app.inject({
        method: route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
        url,
        headers,
        ...(payload !== undefined && route.method !== 'GET' ? { payload: payload as object } : {}),
      });
      requests += 1;
      const problem = refusalProblem(response);
      if (problem)
        failures.push(`${route.method} ${route.url} with ${what}: ${response.statusCode} ${problem}`);
    }
  return { requests, failures };
}
