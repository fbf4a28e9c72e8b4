import { accessMessages, type Permission } from '@studio/domain';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Caller } from './caller.ts';
import { forbidden, HttpError, notAuthenticated } from './errors.ts';
import { hasPermission, type OrganizationCaller } from './guard.ts';

// The role's permissions are read where the guard checks them (guard.ts).
export { hasPermission, permissionsOf, type OrganizationCaller } from './guard.ts';

/** Server-side enforcement of a write: 403 unless the caller's role holds the permission. */
export function requirePermission(caller: Caller, permission: Permission): OrganizationCaller {
  if (!hasPermission(caller, permission)) throw forbidden();
  return caller as OrganizationCaller;
}

/** Reads of organisation data need an organisation; a user without one is refused. */
export function requireOrganization(caller: Caller): OrganizationCaller {
  if (caller.organizationId === null) throw forbidden();
  return caller as OrganizationCaller;
}

/** Some actions need a person signed in, not an API token acting for them. */
export function requireSignedInPerson(caller: Caller): void {
  if (caller.apiTokenId) throw new HttpError(403, 'FORBIDDEN', accessMessages.apiTokenCannotManageTokens);
}

/** Route hook: an anonymous request is answered 401 before its body is looked at. */
export function signedIn(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(request.caller ? undefined : notAuthenticated());
}
