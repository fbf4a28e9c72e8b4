import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import {
  createCodeAreas,
  registerCodeAreasRoutes,
  registerContextCodeAreasRoutes,
  registerJavascriptEmbedsRoutes,
} from './code-areas.ts';

/**
 * Custom code areas and tracking snippets (issue 17 §4, §5): edited in the studio, run on the
 * attendee site; copied with events after the pages.
 */
export function codeAreasArea(
  studio: Studio,
  ports: Pick<OrganizationsArea, 'organizations'> & { backOffice: BackOffice },
) {
  const { app } = studio;
  const { backOffice, organizations } = ports;
  const codeAreas = createCodeAreas(studio.database.db);
  registerJavascriptEmbedsRoutes(
    app,
    codeAreas,
    async (caller) => (await organizations.scopeFactsOf(caller)).isWorkspaceEnabled,
  );
  registerCodeAreasRoutes(app, codeAreas, async (caller, eventId, permission) => {
    const { event } = await backOffice.events.programmeEventOf(caller, eventId, permission);
    return { id: event.id, organizationId: event.organizationId };
  });
  registerContextCodeAreasRoutes(app, codeAreas, {
    series: backOffice.series,
    templates: backOffice.templates,
  });
  backOffice.eventCopySteps.provide(codeAreas.copyStep);
  backOffice.templateCopies.provide(codeAreas.templateCode);
  backOffice.trackingSnippets.provide({
    trackingSnippetOf: async (event) =>
      (await codeAreas.trackingSnippet({ kind: 'event', ...event })).body_section_script,
  });
  return codeAreas;
}
