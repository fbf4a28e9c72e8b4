import type { ModuleLink } from '../../platform/module-links.ts';
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

/** Roles and permissions of the organisation's members and of the people of events. */
export function accessArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> &
    Pick<OrganizationsArea, 'organizations'> & { eventAppRoleOf: ModuleLink<EventAppRoleOf> },
) {
  const { organizations } = ports;
  const access = createAccessService({
    access: createAccessRepository(studio.database.db),
    users: ports.users,
    eventAppRoleOf: (...args) => ports.eventAppRoleOf.use()(...args),
    customRoleFlagsOf: async (member, tx) => {
      const { featureFlags } = await organizations.scopeFactsOf(member, tx);
      return {
        isCustomRolesEnabled: featureFlags.isCustomRolesEnabled === true,
        isCustomSpeakerRolesEnabled: featureFlags.isCustomSpeakerRolesEnabled === true,
      };
    },
  });
  registerAccessRoutes(studio.app, access, studio.publicUrl);
  return access;
}
