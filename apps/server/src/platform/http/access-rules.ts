import { accessMessages, managesOrganizationIntegrations, type Permission } from '@studio/domain';
import type { Caller } from './caller.ts';
import { forbidden, HttpError } from './errors.ts';
import { guard, hasPermission, permissionsOf, SIGNED_IN, type OrganizationCaller } from './guard.ts';

// The role's permissions are read where the guard checks them (guard.ts).
export { hasPermission, permissionsOf, type OrganizationCaller } from './guard.ts';

/** Server-side enforcement of a write: 403 unless the caller's role holds the permission. */
export function requirePermission(caller: Caller, permission: Permission): OrganizationCaller {
  if (!hasPermission(caller, permission)) throw forbidden();
  return caller as OrganizationCaller;
}

/**
 * Reads of organisation data need an organisation; a user without one is refused, a standalone
 * Content Lab user in their personal space too.
 */
export function requireOrganization(caller: Caller): OrganizationCaller {
  if (caller.inContentSpace) throw forbidden();
  return requireOrganizationOrContentSpace(caller);
}

/** Where the caller's own files go: their organisation, or a standalone Content Lab user's space. */
export function requireOrganizationOrContentSpace(caller: Caller): OrganizationCaller {
  if (caller.organizationId === null) throw forbidden();
  return caller as OrganizationCaller;
}

/** Some actions need a person signed in, not an API token acting for them. */
export function requireSignedInPerson(caller: Caller): void {
  if (caller.apiTokenId) throw new HttpError(403, 'FORBIDDEN', accessMessages.apiTokenCannotManageTokens);
}

/**
 * A guard's `load` for the routes of an organisation's own settings (`/organization/:id/…`): the
 * path's id when it is the caller's organisation; another organisation's answers 404.
 */
export function ownOrganization(caller: Caller, id: string): Promise<string | undefined> {
  return Promise.resolve(caller.organizationId === id ? id : undefined);
}

/** The guard of the routes any signed-in person may call: its signed-in form (401 before the body is read). */
export const signedIn = guard({ permission: SIGNED_IN });

/** The guards of the routes that read an event's things (event:read) and that change them (event:update). */
export const eventReaders = guard({ permission: 'event:read' });
export const eventEditors = guard({ permission: 'event:update' });

/**
 * The permission the integrations of an event, series or template are managed with: its editors'
 * (`event:update`) or, for an Integrations Editor, `integration:update` — each in the events their
 * scope sees (a team admin their teams'). `scopeOf` checks it: 403 without either.
 */
export function eventIntegrationRight(caller: Caller): 'event:update' | 'integration:update' {
  return !hasPermission(caller, 'event:update') && hasPermission(caller, 'integration:update')
    ? 'integration:update'
    : 'event:update';
}

/**
 * The permission the organisation's own integrations (its webhooks, Slack workspace, CRM
 * connections) are managed with: `organization:update`, or `integration:update` for whoever does the
 * integration work of every team (`managesOrganizationIntegrations`); a team admin is refused 403.
 */
export function organizationIntegrationRight(caller: Caller): 'organization:update' | 'integration:update' {
  return !hasPermission(caller, 'organization:update') &&
    caller.organizationId !== null &&
    managesOrganizationIntegrations(permissionsOf(caller))
    ? 'integration:update'
    : 'organization:update';
}
