import { reportsPaths, type SavedReport, type SavedReportRequest } from '@studio/domain';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { createOperatorFlags } from '../modules/organizations/operator-flags.ts';
import { createOrganizationsRepository } from '../modules/organizations/organizations.repository.ts';
import type { StudioClient } from './studio-client.ts';

/** The demo's saved custom report (issue 35 §4): the events' figures, by event. */
export const DEMO_SAVED_REPORT: SavedReportRequest = {
  name: 'Events at a glance',
  metrics: ['registrations', 'attendees', 'participants', 'demo_requests'],
  dimension: 'event',
  filters: {},
};

/**
 * A no-tier organisation has custom reporting only with its flag: switched on as an operator
 * would (`npm run admin -- flags <id> set isNoTierCustomReportingEnabled on`), then a report saved.
 */
export async function addDemoReports(
  api: StudioClient,
  database: DatabaseHandle,
  organizationId: string,
): Promise<string> {
  const flags = createOperatorFlags(createOrganizationsRepository(database.db));
  await flags.setFlag(organizationId, 'isNoTierCustomReportingEnabled', true);
  const saved = await api.post<SavedReport>(reportsPaths.saved, { ...DEMO_SAVED_REPORT });
  return `the saved custom report "${saved.name}"`;
}
