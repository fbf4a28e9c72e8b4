import type { Permission } from '@studio/domain';
import { z } from 'zod';
import type { Caller } from './caller.ts';
import { guard } from './guard.ts';

/** Whether the caller may see the object of that id. */
export type VisibilityCheck = (caller: Caller, id: string) => Promise<boolean>;

/**
 * Route hook on the guard: before its query or body is looked at, an anonymous request is answered
 * 401, one without the permission 403 and — with `visible` — one about an object the caller cannot
 * see 404. The service checks again, with scope; routes that hand the guard's scope and object to
 * their service use `guard` itself (events.routes.ts).
 */
export function permitted(permission: Permission | readonly Permission[], visible?: VisibilityCheck) {
  return guard({
    permission,
    ...(visible
      ? { load: async (caller: Caller, id: string) => ((await visible(caller, id)) ? true : undefined) }
      : {}),
  }).preValidation;
}

/** Ids in paths are opaque strings; a malformed one is simply not found. */
export const idParams = z.object({ id: z.string().max(100) });
