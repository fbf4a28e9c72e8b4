import type { Permission } from '@studio/domain';
import { z } from 'zod';
import { guard } from './guard.ts';

/**
 * The guard's permission-only form as a route hook: before its query or body is looked at, an
 * anonymous request is answered 401 and one without the permission 403. Routes whose path names an
 * object load it with `guard({ permission, load })` and hand it to their service.
 */
export const permitted = (permission: Permission | readonly Permission[]) =>
  guard({ permission }).preValidation;

/** Ids in paths are opaque strings; a malformed one is simply not found. */
export const idParams = z.object({ id: z.string().max(100) });
