import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import { registerPublicLinksRoutes } from './public-links.routes.ts';

/** 002 §2 public link helpers: the addresses of the public pages, on the attendee origin. */
export function publicLinksArea(
  studio: Studio,
  ports: Pick<DomainsArea, 'attendeeBaseUrl'> &
    Pick<OrganizationsArea, 'organizations'> & { backOffice: BackOffice },
): void {
  const { events, series, hubPages } = ports.backOffice;
  registerPublicLinksRoutes(studio.app, {
    attendeeBaseUrl: ports.attendeeBaseUrl,
    visibleEvent: async (caller, eventId) =>
      (await events.programmeEventOf(caller, eventId, 'event:read')).event,
    visibleSeries: async (caller, seriesId) => {
      const found = await series.get(caller, seriesId, {});
      return { id: found.id, organizationId: 'organization' in found ? found.organization : '' };
    },
    visibleHubPage: async (caller, hubPageId) => {
      const found = await hubPages.get(caller, hubPageId);
      return { id: found.id, organizationId: found.organization };
    },
    embedsAllowed: (organizationId) => ports.organizations.planAllows(organizationId, 'embeddedEvents'),
    publicEvent: (eventId) => events.publicEventById(eventId),
  });
}
