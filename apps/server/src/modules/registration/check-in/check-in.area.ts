import type { Studio } from '../../../studio-area.ts';
import type { BackOffice } from '../../back-office/back-office.ts';
import type { DomainsArea } from '../../domains/domains.area.ts';
import type { RegistrationArea } from '../registration.area.ts';
import { createCheckInAccess } from './check-in-access.ts';
import { registerCheckInRoutes } from './check-in.routes.ts';
import type { PresentInApp } from './check-in.repository.ts';
import { createCheckInService } from './check-in.service.ts';

/** Check-in (issue 16 §6): the studio's attendance call and desk link; offers the desk to the attendee site. */
export function checkInArea(
  studio: Studio,
  ports: Pick<DomainsArea, 'attendeeBaseUrl'> &
    Pick<RegistrationArea, 'tokens'> & { backOffice: BackOffice; presentInApp: PresentInApp },
) {
  const { platform } = studio;
  const { events } = ports.backOffice;
  const checkIn = createCheckInService({
    db: studio.database.db,
    tokens: ports.tokens,
    realtime: platform.realtime,
    pubsub: platform.pubsub,
    activities: () => studio.activities.use(),
    presentInApp: ports.presentInApp,
  });
  const access = createCheckInAccess(studio.secretKey);
  registerCheckInRoutes(studio.app, {
    checkIn,
    access,
    attendeeBaseUrl: ports.attendeeBaseUrl,
    managedEvent: async (caller, eventId) =>
      (await events.programmeEventOf(caller, eventId, 'event:update')).event,
  });
  return { checkIn, access };
}
