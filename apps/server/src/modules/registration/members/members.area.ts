import type { Studio } from '../../../studio-area.ts';
import type { AuthArea } from '../../auth/auth.area.ts';
import type { BackOffice } from '../../back-office/back-office.ts';
import type { EventRolesArea } from '../../event-roles/event-roles.area.ts';
import type { RegistrationArea } from '../registration.area.ts';
import { createSeriesRegistrants, registerSeriesRegistrantsRoutes } from '../series/series-registrants.ts';
import { createMembers, registerMembers } from './members.ts';

/** Registrants for organisers: list, export, import, bulk moderation, counts, series (issue 16). */
export async function membersArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> &
    Pick<EventRolesArea, 'eventRoles'> &
    Pick<RegistrationArea, 'registrationForms' | 'registrations'> & { backOffice: BackOffice },
) {
  const { db, kind } = studio.database;
  const { backOffice, registrationForms, registrations, eventRoles, users } = ports;
  const members = createMembers({
    db,
    databaseKind: kind,
    events: backOffice.events,
    registrations: () => registrations,
    removeAttendees: (ids, tx) => eventRoles.removeAttendees(ids, tx),
    formOfEvent: async (eventId, tx) => {
      const link = await backOffice.events.registrationFormOf(eventId, tx);
      return link
        ? (await registrationForms.formOfEvent(link.organizationId, eventId, tx)).formio_data
        : null;
    },
  });
  await registerMembers(studio.app, members, studio.publicUrl);
  const seriesRegistrants = createSeriesRegistrants({
    db,
    seriesOf: async (caller, id) => {
      const series = await backOffice.series.get(caller, id, {});
      return 'events' in series ? series : { organization: caller.organizationId ?? '', events: [] };
    },
    personOf: async (organizationId, userId, tx) => {
      const user = await users.findById(userId, tx);
      const known =
        user &&
        (user.organization_id === organizationId ||
          (await members.members.isRegistrantOf(organizationId, userId, tx)));
      return known ? user : undefined;
    },
    registrations: () => registrations,
    formFor: (organizationId, eventId, formId) =>
      registrationForms.formForRegistration(organizationId, eventId, formId),
  });
  registerSeriesRegistrantsRoutes(studio.app, seriesRegistrants, studio.publicUrl);
  return { members };
}
