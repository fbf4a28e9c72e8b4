import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import { registerMagicLinksRoutes } from './magic-links.routes.ts';
import { createMagicLinksService } from './magic-links.service.ts';

/** Magic links (002 §7.6): a person's way into an event, opened on the attendee origin. */
export function magicLinksArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> &
    Pick<DomainsArea, 'attendeeBaseUrl'> &
    Pick<EventRolesArea, 'eventRoles'> & { backOffice: BackOffice },
) {
  const { users } = ports;
  const { events } = ports.backOffice;
  const magicLinks = createMagicLinksService({
    db: studio.database.db,
    secretKey: studio.secretKey,
    people: ports.eventRoles.directory,
    emailsOf: (userIds, tx) => users.emailsOf(userIds, tx),
    organizationOfEvent: async (eventId, tx) =>
      (await events.programmeEventById(eventId, tx))?.organizationId,
    visibleEvent: async (caller, eventId) =>
      (await events.programmeEventOf(caller, eventId, 'event:read')).event,
    attendeeBaseUrl: ports.attendeeBaseUrl,
  });
  registerMagicLinksRoutes(studio.app, magicLinks);
  return magicLinks;
}
