import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from './caller.ts';
import type { Guard, Guarded } from './guard.ts';
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

export interface Routes {
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
}

/**
 * How a module declares its routes, in a few lines each: method, path, guard, the domain's schemas
 * and a handler given what the guard computed and the validated input. The guard runs as the
 * route's `preValidation` hook (401, 403 and 404 before the query or body is looked at); the
 * schemas validate the input, encode the answer and make the OpenAPI document; `status` 201 and 202
 * answer what the handler made with that status, 204 answers no body.
 */
export function routesOf(app: HttpServer, tags: string[]): Routes {
  const declare =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'): Declare =>
    (path, guard, { params, query, body, answer, status = 200, config }, handler) => {
      app.route({
        method,
        url: path,
        preValidation: guard.preValidation,
        ...(config ? { config } : {}),
        schema: {
          tags,
          ...(params ? { params } : {}),
          ...(query ? { querystring: query } : {}),
          ...(body ? { body } : {}),
          ...(answer ? { response: { [status]: answer } } : {}),
        },
        handler: async (request, reply) => {
          // Validated against the declared schemas before the handler runs (undefined when none).
          const input = {
            ...guard.of(request),
            params: params ? request.params : undefined,
            query: query ? request.query : undefined,
            body: body ? request.body : undefined,
          } as Parameters<typeof handler>[0];
          const answered = await handler(input, request, reply);
          if (status === 204) return reply.status(204).send();
          return status === 200 ? answered : reply.status(status).send(answered);
        },
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
