import { integrationTypeSchema, type IntegrationContext } from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { guard, type OrganizationCaller } from '../../platform/http/guard.ts';

/** The connection the path's `:crmType` names: an unknown type is 404, as an unknown object. */
const connectionOf = (_caller: OrganizationCaller, type: string) =>
  Promise.resolve(integrationTypeSchema.safeParse(type).data);

/** An event's, a template's or a series' integrations: its editors, or an Integrations Editor. */
const integrationEditors = ['event:update', 'integration:update'] as const;
const managing = ['event:update', 'organization:update', 'integration:update'] as const;

/**
 * The three guards of the integrations routes: `managers` (the service decides per call between
 * `organization:update` or an Integrations Editor's `integration:update`, a team's
 * `integration:update` and an event's `event:update` or `integration:update`),
 * `connection` (the same, for the connection its `:crmType` names, checked before the body is
 * read) and `event` (an event's routes load the event before the body is read: another
 * organisation's is 404).
 */
export function integrationGuards<E>(managedEvent: (caller: Caller, eventId: string) => Promise<E>) {
  return {
    managers: guard({ permission: managing }),
    connection: guard({
      permission: managing,
      param: 'crmType',
      load: connectionOf,
    }),
    event: guard({ permission: integrationEditors, load: (caller, id) => managedEvent(caller, id) }),
  };
}

/**
 * A studio template's or a series' integration template routes: the template or series is loaded
 * before the body is read (another organisation's, or one outside the caller's teams, is 404).
 */
export const contextGuard = (
  entityType: IntegrationContext,
  managedContext: (caller: Caller, entityType: IntegrationContext, id: string) => Promise<unknown>,
) => guard({ permission: integrationEditors, load: (caller, id) => managedContext(caller, entityType, id) });
