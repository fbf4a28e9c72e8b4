import { moduleLink } from '../../platform/module-links.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import { createAccessRepository } from './access.repository.ts';
import { registerAccessRoutes } from './access.routes.ts';
import { createAccessService } from './access.service.ts';

/** A person's event_app role in an event, kept by the people of events (built later). */
export type EventAppRoleOf = (
  organizationId: string,
  eventId: string,
  userId: string,
) => Promise<string | null>;

/**
 * Roles and permissions of the organisation's members and of the people of events. Offers the
 * extension point the people of events (built later, they ask the access) fill with a person's
 * event_app role.
 */
export function accessArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> & Pick<OrganizationsArea, 'organizations'>,
) {
  const { organizations } = ports;
  const eventAppRoles = moduleLink<EventAppRoleOf>("people → access: a person's event_app role in an event");
  const access = createAccessService({
    access: createAccessRepository(studio.database.db),
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
  return { access, eventAppRoles };
}
