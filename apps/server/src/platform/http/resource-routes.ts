import { z } from 'zod';
import type { Permission } from '@studio/domain';
import type { Caller } from './caller.ts';
import type { AreaSwitch, Guard, Guarded, OrganizationCaller } from './guard.ts';
import { guard } from './guard.ts';
import type { PageQuery, PageRequest } from './pagination.ts';
import { idParams } from './route-support.ts';
import { routesOf, type Listed } from './route-kit.ts';
import type { HttpServer } from './server.ts';

type Answer<T> = Promise<T> | T;
type Rights = Permission | readonly Permission[];
/** A list's page schema: its rows may be a summary of each part. */
type PageOf = z.ZodType<{ count: number; results: unknown[] }>;
/** The guard that loads the part the path names (404 when the caller may not reach it). */
type PartGuard<C extends Caller, Loaded> = Guard<C, unknown, Loaded>;
/**
 * A call on the part the path names: by the caller, the id (and the route's query, when it has
 * one), or on the part a guard loaded.
 */
type OnePart<C extends Caller, Loaded, T, Query = undefined> =
  | ((caller: C, id: string, query: Query) => Answer<T>)
  | { guard: PartGuard<C, Loaded>; answer: (loaded: Loaded) => Answer<T> };

/**
 * The routes of one kind of object at `path` — an event's parts (rooms, booths, surveys, people,
 * sessions, tracks, agenda items, RTMP inputs, email templates), lists under the same rights (tags,
 * registration forms, activity webhooks, Slack notifications), Content Lab's clips, saved searches and
 * projects, the library's videos, series, templates, filler slides, workspaces: a page of them (GET,
 * read right), one of them (GET :id/), a new one (POST, 201, change right), new ranks (POST
 * reorder/), a change (PATCH :id/, on the object the guard loaded, or checked by the service) and a
 * delete (DELETE :id/, 204), each with the kind's rights (event:read and event:update unless told)
 * or a guard of the part's own. Each is registered when the kind offers it; the schemas come from
 * `packages/domain`.
 */
export interface ResourceRoutes<
  Part extends z.ZodType,
  Query extends z.ZodType<PageQuery>,
  Create extends z.ZodType,
  Reorder extends z.ZodType,
  Update extends z.ZodType,
  Loaded,
  ListPage extends PageOf = PageOf,
  Scope = unknown,
  Read extends z.ZodType = Part,
  Changed extends z.ZodType = Part,
  ReadQuery extends z.ZodType = z.ZodType,
  C extends Caller = OrganizationCaller,
> {
  path: `/api/${string}/`;
  tags: string[];
  /** The path's id: an opaque string of up to 100 characters (`idParams`) unless told. */
  params?: z.ZodType<{ id: string }>;
  /**
   * The permissions to read and to change them (any one of a list lets in); event:read and
   * event:update unless told. Creating and deleting need the change right unless told.
   */
  rights?: { read: Rights; change: Rights; create?: Rights; delete?: Rights };
  /** The area the kind belongs to when its organisation switches it on and off (Content Lab): every route's guard checks it. */
  area?: AreaSwitch;
  /**
   * In place of `rights`, the one guard of every route, for a kind any signed-in person may use
   * (workspaces, a booth's resources: `signedIn`, callers without an organisation too); the service
   * decides the rest.
   */
  guard?: Guard<C, C, undefined>;
  /** The answer's schema for one part. */
  part: Part;
  /** When reading one (GET :id/) or changing one (PATCH :id/) answers another schema than `part`. */
  answers?: { get?: Read; update?: Changed };
  list?: {
    query: Query;
    page: ListPage;
    /** As the route kit's list: a number, or one that depends on the query. */
    pageSize: number | ((query: z.output<Query>) => number);
    answer: (caller: C, query: z.output<Query>, page: PageRequest) => Promise<Listed<ListPage>>;
  };
  /** The query a read by id (GET :id/) takes, when it takes one. */
  getQuery?: ReadQuery;
  get?: OnePart<C, Loaded, z.output<Read>, z.output<ReadQuery>>;
  create?: {
    body: Create;
    answer: (caller: C, body: z.output<Create>) => Answer<z.output<Part>>;
  };
  reorder?: {
    body: Reorder;
    answer: (caller: C, body: z.output<Reorder>) => Answer<z.output<Part>[]>;
  };
  update?: {
    body: Update;
    /** The guard that loads the part the path names (404 when the caller may not change it). */
    guard: Guard<C, Scope, Loaded>;
    /** On the part the guard loaded, with the scope it computed. */
    answer: (loaded: Loaded, body: z.output<Update>, scope: Scope) => Answer<z.output<Changed>>;
  };
  /** A change the service checks itself (no object loaded by a guard): by the caller, the id and the body. */
  change?: {
    body: Update;
    answer: (caller: C, id: string, body: z.output<Update>) => Answer<z.output<Changed>>;
  };
  delete?: OnePart<C, Loaded, void>;
}

export function registerResourceRoutes<
  Part extends z.ZodType,
  Query extends z.ZodType<PageQuery>,
  Create extends z.ZodType,
  Reorder extends z.ZodType,
  Update extends z.ZodType,
  Loaded,
  ListPage extends PageOf,
  Scope,
  Read extends z.ZodType = Part,
  Changed extends z.ZodType = Part,
  ReadQuery extends z.ZodType = z.ZodType,
  C extends Caller = OrganizationCaller,
>(
  app: HttpServer,
  publicUrl: string,
  routes: ResourceRoutes<
    Part,
    Query,
    Create,
    Reorder,
    Update,
    Loaded,
    ListPage,
    Scope,
    Read,
    Changed,
    ReadQuery,
    C
  >,
): void {
  const { path, list, create, reorder, update, change } = routes;
  const route = routesOf(app, routes.tags, publicUrl);
  const part = routes.part;
  const rights = routes.rights ?? { read: 'event:read', change: 'event:update' };
  // Without a guard of the kind's own, its callers are organisation callers (C's default).
  const byRights = (permission: Rights) =>
    routes.guard ?? (guard({ permission, area: routes.area }) as Guard<C, C, undefined>);
  const readers = byRights(rights.read);
  const editors = byRights(rights.change);
  const creators = rights.create ? byRights(rights.create) : editors;
  const deleters = rights.delete ? byRights(rights.delete) : editors;
  const onPath = { params: routes.params ?? idParams };
  const read = routes.answers?.get ?? part;
  const changed = routes.answers?.update ?? part;
  /** Declares a route on the part the path names: with the part's guard, or the kind's general one. */
  const onePart = <T, Q>(
    call: OnePart<C, Loaded, T, Q>,
    general: Guard<C, C, undefined>,
    declare: <S, O>(
      guard: Guard<C, S, O>,
      answer: (guarded: Guarded<C, S, O>, id: string, query: Q) => Answer<T>,
    ) => void,
  ) =>
    typeof call === 'function'
      ? declare(general, ({ caller }, id, query) => call(caller, id, query))
      : declare(call.guard, ({ object }) => call.answer(object));

  if (list)
    route.list(
      path,
      readers,
      { query: list.query, answer: list.page, pageSize: list.pageSize },
      ({ caller, query, page }) => list.answer(caller, query, page),
    );

  if (routes.get)
    onePart(routes.get, readers, (partGuard, answer) =>
      route.get(`${path}:id/`, partGuard, { ...onPath, query: routes.getQuery, answer: read }, (input) =>
        answer(input, input.params.id, input.query),
      ),
    );

  if (create)
    route.post(path, creators, { body: create.body, answer: part, status: 201 }, ({ caller, body }) =>
      create.answer(caller, body),
    );

  if (reorder)
    route.post(
      `${path}reorder/`,
      editors,
      { body: reorder.body, answer: z.array(part) },
      ({ caller, body }) => reorder.answer(caller, body),
    );

  if (update)
    route.patch(
      `${path}:id/`,
      update.guard,
      { ...onPath, body: update.body, answer: changed },
      ({ scope, object, body }) => update.answer(object, body, scope),
    );
  else if (change)
    route.patch(
      `${path}:id/`,
      editors,
      { ...onPath, body: change.body, answer: changed },
      ({ caller, params, body }) => change.answer(caller, params.id, body),
    );

  if (routes.delete)
    onePart(routes.delete, deleters, (partGuard, answer) =>
      route.delete(`${path}:id/`, partGuard, { ...onPath, status: 204 }, (input) =>
        answer(input, input.params.id, input.query),
      ),
    );
}
