import { moduleLink } from '../../platform/module-links.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import { registerOrganizationUsers, type OrgProfiles } from '../users/organization-users.routes.ts';
import { authReadModel } from '../auth/auth.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';
import { registerWorkspacesRoutes } from '../workspaces/workspaces.routes.ts';
import { createWorkspacesService } from '../workspaces/workspaces.service.ts';
import { createOperatorFlags } from './operator-flags.ts';
import { createOrganizationsRepository } from './organizations.repository.ts';
import { registerOrganizationsRoutes } from './organizations.routes.ts';
import { createOrganizationsService } from './organizations.service.ts';

/**
 * Organisations with their members and workspaces; their plan is told to the domains. Offers the
 * extension point the people of events (built later) fill with the organisation's profile of a person.
 */
export function organizationsArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users' | 'auth' | 'signIn' | 'contentSpaces'> &
    Pick<DomainsArea, 'domains' | 'planOf' | 'senderDomains'>,
) {
  const { app, publicUrl } = studio;
  const { db } = studio.database;
  const { users, auth, signIn } = ports;
  const orgProfiles = moduleLink<OrgProfiles>(
    "people → users: the organisation's profile of an event's person",
  );
  const repository = createOrganizationsRepository(db);
  const organizations = createOrganizationsService({
    db,
    organizations: repository,
    users,
    registrationDomainsOf: ports.domains.settingsOf,
    emailSenderOf: ports.senderDomains.settingsOf,
  });
  ports.planOf.provide((id) => organizations.planOf(id));
  ports.contentSpaces.provide((name, tx) => organizations.openContentSpace(name, tx));
  registerOrganizationsRoutes(app, organizations);

  const workspaces = createWorkspacesService(db, usersReadModel);
  registerWorkspacesRoutes(app, workspaces, publicUrl);
  const organizationUsers = registerOrganizationUsers(app, {
    db,
    publicUrl,
    workspaces: workspaces.memberships,
    sessions: authReadModel,
    invite: (invited, options) => signIn.flows.createInvitedUser(invited, options),
    endSessions: (userId, tx) => auth.endSessions(userId, tx),
    people: { updateOrgProfile: (...args) => orgProfiles.use().updateOrgProfile(...args) },
  });
  const operatorFlags = createOperatorFlags(repository, studio.platform.pubsub);
  return { organizations, operatorFlags, workspaces, organizationUsers, orgProfiles };
}

export type OrganizationsArea = ReturnType<typeof organizationsArea>;
