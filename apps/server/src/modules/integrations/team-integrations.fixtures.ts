import type { Series, StudioEvent, StudioTemplate } from '@studio/domain';
import { bearer, type TestStudio } from '../../../test/harness.ts';
import { newAdmin, newMember, newWorkspace } from '../access/access.fixtures.ts';
import { caller, type Api } from '../back-office/back-office.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { registrationEvent } from '../registration/registrants/registrants.fixtures.ts';

/** Turns the organisation's workspaces on (team-level integrations need them). */
async function workspacesOn(studio: TestStudio, organizationId: string, access: string) {
  await studio.app.inject({
    method: 'PATCH',
    url: `/api/core/organization/${organizationId}/`,
    headers: bearer(access),
    payload: { is_workspace_enabled: true },
  });
}

/**
 * An organisation with workspaces on and two teams — Blue, whose team admin is `team`, and Red —
 * each with a registration event; `owner` is the organisation's admin. Team-level integrations
 * start off (`teamLevel(true)` turns them on).
 */
export async function teamsFixture(studio: TestStudio, name: string) {
  const admin = await newAdmin(studio, name);
  const organizationId = admin.organization.id;
  const owner = caller(studio, admin.access);
  const teamAdmin = await newMember(studio, organizationId, 'WORKSPACE_ADMIN');
  const blue = await newWorkspace(studio, admin.access, 'Blue', [teamAdmin.userId]);
  const red = await newWorkspace(studio, admin.access, 'Red');
  const blueEvent: StudioEvent = await registrationEvent(owner, {}, { workspace: blue.id });
  const redEvent: StudioEvent = await registrationEvent(owner, {}, { workspace: red.id });
  await workspacesOn(studio, organizationId, admin.access);
  return {
    organizationId,
    owner,
    team: caller(studio, teamAdmin.access),
    blue,
    red,
    blueEvent,
    redEvent,
    teamLevel: (on: boolean) =>
      setOperatorFlags(studio, organizationId, { isTeamLevelIntegrationEnabled: on }),
    /** A studio template and a series of the team. */
    async templateAndSeriesOf(workspace: string, title: string) {
      const template = await owner.post<StudioTemplate>('/api/event/studio-templates/', { title, workspace });
      const series = await owner.post<Series>('/api/event/series/', { name: title, workspace, events: [] });
      if (template.status !== 201 || series.status !== 201) throw new Error('template or series failed');
      return { template: template.body, series: series.body };
    },
  };
}

/** Another organisation's admin, and one of its teams with team-level integrations on. */
export async function otherOrganization(
  studio: TestStudio,
  name: string,
): Promise<{ api: Api; teamId: string }> {
  const other = await newAdmin(studio, name);
  await workspacesOn(studio, other.organization.id, other.access);
  await setOperatorFlags(studio, other.organization.id, { isTeamLevelIntegrationEnabled: true });
  const team = await newWorkspace(studio, other.access, 'Foreign');
  return { api: caller(studio, other.access), teamId: team.id };
}
