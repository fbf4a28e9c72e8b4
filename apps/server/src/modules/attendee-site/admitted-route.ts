import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** What an admitted route's handler is handed: the person let in and the input its schemas checked. */
export interface AdmittedInput<Person, Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  person: Person;
  params: Record<string, string>;
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  body: B extends z.ZodType ? z.output<B> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AdmittedRoute<Person, Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** Who may call it: the person, else the refusal thrown (401, 403, 404). */
  admit: (request: FastifyRequest) => Promise<Person>;
  query?: Q;
  body?: B;
}

/**
 * A JSON route of the attendee site for the person `admit` lets in: as the studio's guard, the
 * refusal comes before the input is looked at; then the zod schemas it declares check the query
 * and body (400 VALIDATION_ERROR, field by field, from the shared error handler). A call sent
 * without a body is one without fields: its schema tells whether that will do.
 */
export function admittedRoute<Person, Q extends z.ZodType | undefined, B extends z.ZodType | undefined>(
  app: FastifyInstance,
  route: AdmittedRoute<Person, Q, B>,
  handler: (input: AdmittedInput<Person, Q, B>) => unknown,
): void {
  const admitted = new WeakMap<FastifyRequest, Person>();
  app.route({
    method: route.method,
    url: route.url,
    schema: {
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
    },
    preValidation: async (request) => {
      admitted.set(request, await route.admit(request));
      if (route.body) request.body ??= {};
    },
    handler: (request, reply) =>
      handler({
        person: admitted.get(request) as Person,
        params: request.params as Record<string, string>,
        query: (route.query ? request.query : undefined) as AdmittedInput<Person, Q, B>['query'],
        body: (route.body ? request.body : undefined) as AdmittedInput<Person, Q, B>['body'],
        request,
        reply,
      }),
  });
}
