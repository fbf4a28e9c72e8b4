import { isAllowed, permissionsOfRole, type Permission } from '@studio/domain';
import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller.ts';
import { forbidden, notAuthenticated, notFound, type HttpError } from './errors.ts';

/** A caller who belongs to an organisation. */
export type OrganizationCaller = Caller & { organizationId: string };

/** The permission list the caller's organisation role grants (the same catalogue the client reads). */
export function permissionsOf(caller: Caller): readonly string[] {
  return caller.organizationId ? permissionsOfRole(caller.role) : [];
}

export function hasPermission(caller: Caller, permission: Permission): boolean {
  return caller.organizationId !== null && isAllowed(permissionsOf(caller), [permission]);
}

/** Routes any signed-in person may call (with or without an organisation); the service decides the rest. */
export const SIGNED_IN = 'signed-in';

/**
 * An area an organisation switches on and off (Content Lab): the guard of every route of the area
 * names it, and refuses a caller whose organisation has it off with the area's own 403.
 */
export interface AreaSwitch {
  isOn: (caller: OrganizationCaller) => Promise<boolean>;
  /** The refusal while it is off (a 403 with the area's code and words). */
  off: () => HttpError;
}

export interface GuardOptions<C extends Caller, S, O> {
  /**
   * Any one of these lets the request in; the service checks finer rules (e.g. per field).
   * `SIGNED_IN`: anyone signed in.
   */
  permission: Permission | readonly Permission[] | typeof SIGNED_IN;
  /** The area the route belongs to, when its organisation switches it on and off: checked after the permission. */
  area?: AreaSwitch;
  /** The caller's scope (organisation, role, visible workspaces), computed once per request. */
  scope?: (caller: C) => Promise<S>;
  /**
   * The object the path's `:id` (or `param`) names, as the scope sees it: none (or a thrown 404)
   * answers 404. Any other error passes through as it is (a database error is never a 404).
   */
  load?: (scope: S, id: string) => Promise<O | undefined>;
  /** The path parameter that names the object `load` loads; default `id`. */
  param?: string;
}

export interface Guarded<C extends Caller, S, O> {
  caller: C;
  scope: S;
  object: O;
}

export interface Guard<C extends Caller, S, O> {
  /** The route's hook: 401, 403 and 404 before the query or body is looked at. */
  preValidation: (request: FastifyRequest) => Promise<void>;
  /** What the hook computed for this request. */
  of: (request: FastifyRequest) => Guarded<C, S, O>;
}

/**
 * THE guard of every route that needs a caller. Its `preValidation` hook runs before the query or
 * body is looked at: anonymous 401, without the permission 403, and — with `load` — an object the
 * caller cannot see 404 (another organisation learns nothing from a validation error). The handler
 * takes what the hook computed with `of(request)` and hands it to the service, so a request
 * computes its scope and loads its object once.
 */
export function guard<S = Caller, O = undefined>(
  options: GuardOptions<Caller, S, O> & { permission: typeof SIGNED_IN },
): Guard<Caller, S, O>;
export function guard<S = OrganizationCaller, O = undefined>(
  options: GuardOptions<OrganizationCaller, S, O>,
): Guard<OrganizationCaller, S, O>;
export function guard<S, O>(
  options: GuardOptions<OrganizationCaller, S, O>,
): Guard<OrganizationCaller, S, O> {
  const anyOf: readonly Permission[] | null =
    options.permission === SIGNED_IN
      ? null
      : typeof options.permission === 'string'
        ? [options.permission]
        : options.permission;
  const computed = new WeakMap<FastifyRequest, Guarded<OrganizationCaller, S, O>>();
  return {
    preValidation: async (request) => {
      const caller = request.caller ?? (await request.sessionCheck);
      if (!caller) throw notAuthenticated();
      if (anyOf && !anyOf.some((permission) => hasPermission(caller, permission))) throw forbidden();
      const member = caller as OrganizationCaller;
      if (options.area && !(await options.area.isOn(member))) throw options.area.off();
      const scope = options.scope ? await options.scope(member) : (member as S);
      let object = undefined as O;
      if (options.load) {
        const id = (request.params as Record<string, unknown>)[options.param ?? 'id'];
        const found = typeof id === 'string' ? await options.load(scope, id) : undefined;
        if (found === undefined) throw notFound();
        object = found;
      }
      computed.set(request, { caller: member, scope, object });
    },

    of: (request) => {
      const guarded = computed.get(request);
      if (!guarded) throw new Error('The route does not run this guard as its preValidation hook.');
      return guarded;
    },
  };
}

/**
 * The guard of a route on the object of the path, loaded as the route's permission sees it: the
 * same load answers a reader's and an editor's routes, each with its own permission.
 */
export function objectGuard<P extends Permission, O>(
  permission: P,
  load: (member: OrganizationCaller, id: string, permission: P) => Promise<O | undefined>,
): Guard<OrganizationCaller, OrganizationCaller, O> {
  return guard({ permission, load: (member, id) => load(member, id, permission) });
}

/** A service whose items a route loads from its path with the caller's scope. */
export interface ScopedItems<S, O> {
  scopeFor: (member: OrganizationCaller) => S | Promise<S>;
  findVisible: (scope: S, id: string) => Promise<O | undefined>;
}

/** The guard of a route on the item of the path: loaded once with the caller's scope, both handed to the service. */
export function itemGuard<S, O>(
  items: ScopedItems<S, O>,
  permission: Permission | readonly Permission[],
): Guard<OrganizationCaller, S, O> {
  return guard({
    permission,
    scope: async (member) => items.scopeFor(member),
    load: (scope, id) => items.findVisible(scope, id),
  });
}
