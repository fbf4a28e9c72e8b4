import type { Executor } from '../../platform/db/executor.ts';
import { moduleLink, moduleLinks, type ModuleLink } from '../../platform/module-links.ts';
import type { Studio } from '../../studio-area.ts';
import type { EventAppRoleOf, RoleHoldersOf } from '../access/access.area.ts';
import type { AccessService } from '../access/access.service.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import type { PeopleInvitations } from './event-people.ts';
import { registerEventRolesRoutes } from './event-roles.routes.ts';
import { createEventRolesService, type ProfileChanged, type SessionsChanged } from './event-roles.service.ts';

/**
 * People of an event (issue 15): speakers, staff, check-in staff, sponsors. The programme and the
 * invitations are built after the people and take them; what the people ask of them in turn (the
 * sessions of an event, the invitations, the push after a change of a session's people) is an
 * extension point offered here and filled by them.
 */
export function eventRolesArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> &
    Pick<OrganizationsArea, 'orgProfiles'> &
    Pick<DomainsArea, 'attendeeBaseUrl'> & {
      access: AccessService;
      backOffice: BackOffice;
      /** The access (built first) asks the people for a person's event_app role. */
      eventAppRoles: ModuleLink<EventAppRoleOf>;
      /** The access asks the people who holds a role before deleting it. */
      roleHolders: ModuleLink<RoleHoldersOf>;
    },
) {
  const sessionIds = moduleLink<
    (eventId: string, ids: readonly string[], tx?: Executor) => Promise<string[]>
  >('programme → people: the sessions of an event among ids');
  const invitations = moduleLink<PeopleInvitations>('invitations → people: invitations');
  const sessionsChanged = moduleLinks<SessionsChanged>('programme → people: speakers of sessions changed');
  const profileChanged = moduleLink<ProfileChanged>("registration → people: a person's profile changed");
  const eventRoles = createEventRolesService({
    db: studio.database.db,
    events: ports.backOffice.events,
    users: ports.users,
    access: ports.access,
    sessionIdsOf: (eventId, ids, tx) => sessionIds.use()(eventId, ids, tx),
    invitations: () => invitations.use(),
    onSessionsChanged: async (organizationId, eventId, broadcastIds) => {
      for (const listener of sessionsChanged.all()) await listener(organizationId, eventId, broadcastIds);
    },
    onProfileChanged: (organizationId, userId) => profileChanged.use()(organizationId, userId),
    refusesEntry: (eventRoleId) => registrationReadModel.refusesEntry(eventRoleId),
    attendeeBaseUrl: ports.attendeeBaseUrl,
  });
  ports.backOffice.summary.parts.speakers.provide(eventRoles.speakersSummary);
  ports.orgProfiles.provide(eventRoles);
  ports.eventAppRoles.provide(eventRoles.eventAppRoleOf);
  ports.roleHolders.provide(eventRoles.roleHoldersOf);
  registerEventRolesRoutes(studio.app, eventRoles, studio.publicUrl);
  return {
    eventRoles,
    sessionIds,
    invitations,
    sessionsChanged,
    profileChanged,
    /** After the programme's copy steps: the people's sessions are re-pointed through the copied agenda. */
    copiedAfterTheProgramme: () => ports.backOffice.eventCopySteps.provide(eventRoles.copyStep),
  };
}

export type EventRolesArea = ReturnType<typeof eventRolesArea>;
