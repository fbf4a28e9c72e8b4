import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from './caller.ts';
import type { Guard, Guarded } from './guard.ts';
import { pageRequest, toPage, type PageQuery, type PageRequest } from './pagination.ts';
import type { HttpServer } from './server.ts';

/** 200 answers, 201 a made object, 202 work begun, 204 done with no body. */
export type Status = 200 | 201 | 202 | 204;

/** A route's domain schemas: what it reads (path, query, body) and what it answers, with which status. */
export interface RouteSchemas<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  A extends z.ZodType,
  St extends Status,
> {
  params?: P;
  query?: Q;
  body?: B;
  /** The answer's schema (none for 204). */
  answer?: A;
  /** 200 unless told. */
  status?: St;
  /** The route's config (see caller.ts), as Fastify's route option. */
  config?: FastifyContextConfig;
  /** The schemes the OpenAPI document lists for the route, when not every scheme is accepted. */
  security?: Record<string, string[]>[];
}

/** What the handler is handed: what the guard computed (caller, scope, object) and the validated input. */
export type RouteInput<C extends Caller, S, O, P, Q, B> = Guarded<C, S, O> & {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
};

type Handler<In, A extends z.ZodType, St extends Status> = (
  input: In,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<St extends 204 ? unknown : z.output<A>> | (St extends 204 ? unknown : z.output<A>);

/** An input the route does not declare: undefined to its handler. */
type None = z.ZodUndefined;
/** An answer the route does not declare (204, or one it sends itself). */
type Unchecked = z.ZodUnknown;

type Declare = <
  C extends Caller,
  S,
  O,
  P extends z.ZodType = None,
  Q extends z.ZodType = None,
  B extends z.ZodType = None,
  A extends z.ZodType = Unchecked,
  St extends Status = 200,
>(
  path: string,
  guard: Guard<C, S, O>,
  schemas: RouteSchemas<P, Q, B, A, St>,
  handler: Handler<RouteInput<C, S, O, NoInfer<P>, NoInfer<Q>, NoInfer<B>>, NoInfer<A>, NoInfer<St>>,
) => void;

/** What a public route's handler is handed: the validated input (no caller). */
export type PublicInput<P, Q, B> = { params: z.output<P>; query: z.output<Q>; body: z.output<B> };

type DeclarePublic = <
  P extends z.ZodType = None,
  Q extends z.ZodType = None,
  B extends z.ZodType = None,
  A extends z.ZodType = Unchecked,
  St extends Status = 200,
>(
  path: string,
  schemas: Omit<RouteSchemas<P, Q, B, A, St>, 'security'>,
  handler: Handler<PublicInput<NoInfer<P>, NoInfer<Q>, NoInfer<B>>, NoInfer<A>, NoInfer<St>>,
) => void;

/**
 * What a list route's handler finds for the page asked: how many in all (`estimated` when the list
 * is too long to count cheaply), and the page's rows.
 */
export type Listed<A extends z.ZodType> =
  z.output<A> extends { results: infer R } ? { count: number; estimated?: boolean; results: R } : never;

type DeclareList = <
  C extends Caller,
  S,
  O,
  P extends z.ZodType = None,
  Q extends z.ZodType<PageQuery> = z.ZodType<PageQuery>,
  A extends z.ZodType<{ count: number; results: unknown[] }> = z.ZodType<{
    count: number;
    results: unknown[];
  }>,
>(
  path: string,
  guard: Guard<C, S, O>,
  schemas: Omit<RouteSchemas<P, Q, None, A, 200>, 'body' | 'status'> & {
    query: Q;
    /** The page's schema (`pageSchema(item)`). */
    answer: A;
    /** The rows a page holds when the query does not say (`limit`); it may depend on the query. */
    pageSize: number | ((query: z.output<NoInfer<Q>>) => number);
  },
  handler: (
    input: RouteInput<C, S, O, NoInfer<P>, NoInfer<Q>, None> & { page: PageRequest },
    request: FastifyRequest,
  ) => Promise<Listed<NoInfer<A>>>,
) => void;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
/** A declaration per method, under its name in lower case (`route.get`, `route.post`, …). */
type ByMethod<D> = Record<Lowercase<Method>, D>;

const byMethod = <D>(declare: (method: Method) => D) =>
  Object.fromEntries(METHODS.map((method) => [method.toLowerCase(), declare(method)])) as ByMethod<D>;

export type Routes = ByMethod<Declare>;

/** The routes anyone may call, with or without a session. */
export type PublicRoutes = ByMethod<DeclarePublic>;

/** The routes of a module that also answers lists, page by page, with links to the next and previous pages. */
export interface RoutesWithLists extends Routes {
  /** GET a list: the page its query asks for, answered as a page with `next`/`previous` links. */
  list: DeclareList;
}

/**
 * How a module declares its routes, in a few lines each: method, path, guard, the domain's schemas
 * and a handler given what the guard computed and the validated input. The guard runs as the
 * route's `preValidation` hook (401, 403 and 404 before the query or body is looked at); the
 * schemas validate the input, encode the answer and make the OpenAPI document; `status` 201 and 202
 * answer what the handler made with that status, 204 answers no body.
 */
export function routesOf(app: HttpServer, tags: string[]): Routes;
/** With the studio's public address, lists too (their page links are absolute). */
export function routesOf(app: HttpServer, tags: string[], publicUrl: string): RoutesWithLists;
export function routesOf(app: HttpServer, tags: string[], publicUrl?: string): Routes | RoutesWithLists {
  const routes = byMethod<Declare>(
    (method) => (path, guard, schemas, handler) => register(app, tags, method, path, guard, schemas, handler),
  );
  if (publicUrl === undefined) return routes;
  const list: DeclareList = (path, guard, { pageSize, ...schemas }, handler) =>
    routes.get(path, guard, schemas, async (input, request) => {
      const page = pageRequest(input.query, typeof pageSize === 'number' ? pageSize : pageSize(input.query));
      const { count, estimated, results } = await handler({ ...input, page }, request);
      // The page of the rows the handler found: the shape of `answer` (a `pageSchema`).
      return toPage(request.url, publicUrl, page, count, results as unknown[], estimated) as z.output<
        typeof schemas.answer
      >;
    });
  return { ...routes, list };
}

/**
 * How a module declares the routes anyone may call: as `routesOf`, without a guard; the OpenAPI
 * document lists them with no security (`security: []`).
 */
export function publicRoutesOf(app: HttpServer, tags: string[]): PublicRoutes {
  return byMethod<DeclarePublic>(
    (method) => (path, schemas, handler) =>
      register(app, tags, method, path, null, { ...schemas, security: [] }, handler),
  );
}

/** Registers a route: the guard (if any) as its `preValidation` hook, the schemas, the answer's status. */
function register<In>(
  app: HttpServer,
  tags: string[],
  method: Method,
  path: string,
  guard: Guard<Caller, unknown, unknown> | null,
  {
    params,
    query,
    body,
    answer,
    status = 200,
    config,
    security,
  }: RouteSchemas<z.ZodType, z.ZodType, z.ZodType, z.ZodType, Status>,
  handler: (input: In, request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.route({
    method,
    url: path,
    ...(guard ? { preValidation: guard.preValidation } : {}),
    ...(config ? { config } : {}),
    schema: {
      tags,
      ...(security ? { security } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      ...(answer ? { response: { [status]: answer } } : {}),
    },
    handler: async (request, reply) => {
      // Validated against the declared schemas before the handler runs (undefined when none).
      const input = {
        ...guard?.of(request),
        params: params ? request.params : undefined,
        query: query ? request.query : undefined,
        body: body ? request.body : undefined,
      } as In;
      const answered = await handler(input, request, reply);
      if (status === 204) return reply.status(204).send();
      return status === 200 ? answered : reply.status(status).send(answered);
    },
  });
}
