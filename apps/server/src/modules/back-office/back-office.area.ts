import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { Studio } from '../../studio-area.ts';
import type { BrandingService } from '../branding/branding.service.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { createBackOffice, registerBackOffice, registerBackOfficeJobs } from './back-office.ts';

/**
 * Events, series, repeating events, templates, hub pages, tags, event workflows (issue 4). Offers
 * the later areas its services and its extension points (copy steps, stage changed …).
 */
export function backOfficeArea(
  studio: Studio,
  ports: Pick<OrganizationsArea, 'organizations' | 'workspaces'> &
    VideoLibraryArea & { branding: BrandingService; attendeeBaseUrl: AttendeeBaseUrl },
) {
  const { app, platform } = studio;
  const { organizations, workspaces, library } = ports;
  const backOffice = createBackOffice({
    db: studio.database.db,
    jobs: platform.jobs,
    mailer: studio.mail,
    mailFrom: platform.mailFrom,
    attendeeBaseUrl: ports.attendeeBaseUrl,
    scopeFactsOf: async (caller) => {
      const facts = await organizations.scopeFactsOf(caller);
      return {
        settings: {
          isWorkspaceEnabled: facts.isWorkspaceEnabled,
          notUseRegistrantCounts: facts.featureFlags.notUseRegistrantCounts,
          pricing: facts.pricing,
        },
        teamIds: facts.teamIds,
      };
    },
    findWorkspace: (caller, id) => workspaces.get(caller, id),
    videos: library,
    branding: ports.branding,
    realtime: platform.realtime,
  });
  registerBackOffice(app, backOffice, studio.publicUrl);
  registerBackOfficeJobs(platform.jobs, backOffice);
  // The video library (built first) asks which events a filter names.
  ports.eventsMatching.provide((organizationId, filter) =>
    backOffice.events.eventIdsMatching(organizationId, filter),
  );
  ports.videoUsage.provide(backOffice.videoUsage);
  return backOffice;
}
