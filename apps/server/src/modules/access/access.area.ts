import { moduleLink } from '../../platform/module-links.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import { createAccessRepository } from './access.repository.ts';
import { registerAccessRoutes } from './access.routes.ts';
import { createAccessService, type RoleHolders } from './access.service.ts';
import type { Executor } from '../../platform/db/executor.ts';

/** A person's event_app role in an event, kept by the people of events (built later). */
export type EventAppRoleOf = (
  organizationId: string,
  eventId: string,
  userId: string,
) => Promise<string | null>;

/** How many hold a role: people of events (for the event or a session) and events defaulting to it. */
export type RoleHoldersOf = (roleId: string, tx: Executor) => Promise<RoleHolders>;

/**
 * Roles and permissions of the organisation's members and of the people of events. Offers the
 * extension points the people of events (built later, they ask the access) fill with a person's
 * event_app role and who holds a role.
 */
export function accessArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> & Pick<OrganizationsArea, 'organizations'>,
) {
  const { organizations } = ports;
  const eventAppRoles = moduleLink<EventAppRoleOf>("people → access: a person's event_app role in an event");
  const roleHolders = moduleLink<RoleHoldersOf>('people → access: who holds a role');
  const access = createAccessService({
    access: createAccessRepository(studio.database.db),
    db: studio.database.db,
    roleHoldersOf: (...args) => roleHolders.use()(...args),
    users: ports.users,
    eventAppRoleOf: (...args) => eventAppRoles.use()(...args),
    customRoleFlagsOf: async (member, tx) => {
      const { featureFlags } = await organizations.scopeFactsOf(member, tx);
      return {
        isCustomRolesEnabled: featureFlags.isCustomRolesEnabled === true,
        isCustomSpeakerRolesEnabled: featureFlags.isCustomSpeakerRolesEnabled === true,
      };
    },
  });
  registerAccessRoutes(studio.app, access, studio.publicUrl);
  return { access, eventAppRoles, roleHolders };
}
