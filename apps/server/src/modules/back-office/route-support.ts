import type { Permission } from '@studio/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import { forbidden, notAuthenticated, notFound } from '../../platform/http/errors.ts';
import { hasPermission } from '../access/access.rules.ts';

/** Whether the caller may see the object of that id. */
export type VisibilityCheck = (caller: Caller, id: string) => Promise<boolean>;

/**
 * Route hook of the events area: before its query or body is looked at, an anonymous request is
 * answered 401, one without the permission 403 and — with `visible` — one about an object the
 * caller cannot see 404 (another organisation learns nothing from a validation error). The
 * service checks again, with scope.
 */
export function permitted(permission: Permission | readonly Permission[], visible?: VisibilityCheck) {
  const anyOf = typeof permission === 'string' ? [permission] : permission;
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.caller) throw notAuthenticated();
    const { caller } = request;
    if (!anyOf.some((one) => hasPermission(caller, one))) throw forbidden();
    if (visible) {
      const id = (request.params as { id?: unknown }).id;
      if (typeof id !== 'string' || !(await visible(request.caller, id))) throw notFound();
    }
  };
}

/** PATCH of an event or template: either right lets the request in; the service checks the fields. */
export const PATCH_PERMISSIONS: readonly Permission[] = ['event:update', 'branding:update'];

/** Ids in paths are opaque strings; a malformed one is simply not found. */
export const idParams = z.object({ id: z.string().max(100) });
