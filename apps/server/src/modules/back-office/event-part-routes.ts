import type { Page } from '@studio/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import type { Guard, OrganizationCaller } from '../../platform/http/guard.ts';
import { guard } from '../../platform/http/guard.ts';
import { pageRequest, toPage, type PageRequest } from '../../platform/http/pagination.ts';
import { idParams, noContent } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';

type Answer<T> = Promise<T>;
type Listed<T> = Omit<Page<T>, 'next' | 'previous'>;
/** The guard that loads the part the path names (404 when the caller may not reach it). */
type PartGuard<Loaded> = Guard<OrganizationCaller, unknown, Loaded>;
/** A call on the part the path names: by the caller and the id, or on the part a guard loaded. */
type OnePart<Loaded, T> =
  | ((caller: Caller, id: string) => Answer<T>)
  | { guard: PartGuard<Loaded>; answer: (loaded: Loaded) => Answer<T> };

/**
 * The routes of one kind of an event's parts (rooms, booths, surveys, people, sessions, tracks,
 * agenda items) or of a list under the same rights (tags, registration forms) at `path`: a page of
 * them (GET, event:read), one of them (GET :id/, event:read), a new one (POST, 201), new ranks
 * (POST reorder/), a change (PATCH :id/, the object the guard loaded) and a delete (DELETE :id/,
 * 204), each with event:update unless a guard of the part's own says otherwise. Each is
 * registered when the part offers it; the schemas come from `packages/domain`.
 */
export interface EventPartRoutes<
  Part extends z.ZodType,
  Query extends z.ZodType<{ limit?: number | undefined; offset?: number | undefined }>,
  Create extends z.ZodType,
  Reorder extends z.ZodType,
  Update extends z.ZodType,
  Loaded,
> {
  path: `/api/${string}/`;
  tags: string[];
  /** The answer's schema for one part. */
  part: Part;
  list?: {
    query: Query;
    page: z.ZodType;
    pageSize: (query: z.output<Query>) => number;
    answer: (caller: Caller, query: z.output<Query>, page: PageRequest) => Answer<Listed<z.output<Part>>>;
  };
  get?: OnePart<Loaded, z.output<Part>>;
  create?: { body: Create; answer: (caller: Caller, body: z.output<Create>) => Answer<z.output<Part>> };
  reorder?: { body: Reorder; answer: (caller: Caller, body: z.output<Reorder>) => Answer<z.output<Part>[]> };
  update?: {
    body: Update;
    /** The guard that loads the part the path names (404 when the caller may not change it). */
    guard: PartGuard<Loaded>;
    answer: (loaded: Loaded, body: z.output<Update>, caller: Caller, id: string) => Answer<z.output<Part>>;
  };
  delete?: OnePart<Loaded, void>;
}

export function registerEventPartRoutes<
  Part extends z.ZodType,
  Query extends z.ZodType<{ limit?: number | undefined; offset?: number | undefined }>,
  Create extends z.ZodType,
  Reorder extends z.ZodType,
  Update extends z.ZodType,
  Loaded,
>(
  app: HttpServer,
  publicUrl: string,
  routes: EventPartRoutes<Part, Query, Create, Reorder, Update, Loaded>,
): void {
  const { path, tags, list, create, reorder, update } = routes;
  // Registered through the plain schema type: the answers are typed by `routes` above.
  const part: z.ZodType = routes.part;
  const body = (schema: z.ZodType): z.ZodType => schema;
  const readers = guard({ permission: 'event:read' });
  const editors = guard({ permission: 'event:update' });
  /** The hook and the call of a route on the part the path names (the general guard when it has none). */
  const onePart = <T>(
    call: OnePart<Loaded, T>,
    general: Guard<OrganizationCaller, OrganizationCaller, undefined>,
  ) =>
    typeof call === 'function'
      ? {
          preValidation: general.preValidation,
          answer: (request: FastifyRequest, id: string) => call(general.of(request).caller, id),
        }
      : {
          preValidation: call.guard.preValidation,
          answer: (request: FastifyRequest, _id: string) => call.answer(call.guard.of(request).object),
        };

  if (list)
    app.get(
      path,
      {
        preValidation: readers.preValidation,
        schema: { tags, querystring: list.query, response: { 200: list.page } },
      },
      async (request) => {
        const query = request.query as z.output<Query>;
        const page = pageRequest(query, list.pageSize(query));
        const { count, results } = await list.answer(readers.of(request).caller, query, page);
        return toPage(request.url, publicUrl, page, count, results);
      },
    );

  if (routes.get) {
    const get = onePart(routes.get, readers);
    app.get(
      `${path}:id/`,
      { preValidation: get.preValidation, schema: { tags, params: idParams, response: { 200: part } } },
      async (request) => get.answer(request, request.params.id),
    );
  }

  if (create)
    app.post(
      path,
      {
        preValidation: editors.preValidation,
        schema: { tags, body: body(create.body), response: { 201: part } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await create.answer(editors.of(request).caller, request.body as z.output<Create>)),
    );

  if (reorder)
    app.post(
      `${path}reorder/`,
      {
        preValidation: editors.preValidation,
        schema: { tags, body: body(reorder.body), response: { 200: z.array(part) } },
      },
      async (request) => reorder.answer(editors.of(request).caller, request.body as z.output<Reorder>),
    );

  if (update)
    app.patch(
      `${path}:id/`,
      {
        preValidation: update.guard.preValidation,
        schema: { tags, params: idParams, body: body(update.body), response: { 200: part } },
      },
      async (request) => {
        const { caller, object } = update.guard.of(request);
        return update.answer(object, request.body as z.output<Update>, caller, request.params.id);
      },
    );

  if (routes.delete) {
    const remove = onePart(routes.delete, editors);
    app.delete(
      `${path}:id/`,
      { preValidation: remove.preValidation, schema: { tags, params: idParams } },
      noContent((request) => remove.answer(request, request.params.id)),
    );
  }
}
