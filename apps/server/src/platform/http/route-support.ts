import { z } from 'zod';

/** Ids in paths are opaque strings; a malformed one is simply not found. */
export const idParams = z.object({ id: z.string().max(100) });

/** What a handler needs of its reply to answer with a status (any route's reply has it). */
interface StatusReply {
  status(code: number): { send(payload?: unknown): unknown };
}

/** A route's handler that does what the request asks and answers 204 without a body. */
export const noContent =
  <R>(act: (request: R) => Promise<unknown>) =>
  async (request: R, reply: StatusReply) => {
    await act(request);
    return reply.status(204).send();
  };

/** A route's handler that makes what the request asks for and answers it with 201. */
export const created =
  <R, T>(create: (request: R) => Promise<T>) =>
  async (request: R, reply: StatusReply): Promise<T> =>
    // Answers the reply itself, as `return reply.status(201).send(…)` does; typed as what was made.
    reply.status(201).send(await create(request)) as T;
