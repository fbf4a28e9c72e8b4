import { accessMessages, type CrmConnection, type CrmTargetField, type StudioEvent } from '@studio/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openedForFile } from '../../../test/file-studio.ts';
import { eventually } from '../../../test/harness.ts';
import {
  HUBSPOT_OTHER_PORTAL_ID,
  HUBSPOT_OTHER_PROPERTY,
  HUBSPOT_OTHER_TOKEN,
  HUBSPOT_PORTAL_ID,
  HUBSPOT_TOKEN,
  startHubSpotServer,
} from '../../../test/vendors/hubspot-server.ts';
import type { Api } from '../back-office/back-office.fixtures.ts';
import { register, registrant } from '../registration/registrants/registrants.fixtures.ts';
import { fileCrmStudio } from './crm.fixtures.ts';
import { otherOrganization, teamsFixture } from './team-integrations.fixtures.ts';

type Authenticated = { message: string; connection: CrmConnection };

describe('Team-level integrations (issue 36 §5): a team’s own CRM connection', () => {
  const hubspot = openedForFile(startHubSpotServer);
  const studio = fileCrmStudio(() => ({ hubspotApiBaseUrl: hubspot.url }));
  let teams: Awaited<ReturnType<typeof teamsFixture>>;
  let owner: Api;
  let team: Api;
  let blue: { id: string };
  let red: { id: string };
  let blueEvent: StudioEvent;
  let redEvent: StudioEvent;

  const connections = (api: Api, workspace?: string) =>
    api.get<CrmConnection[] & { message: string }>(
      `/api/integrations/crm/connections/${workspace ? `?workspace=${workspace}` : ''}`,
    );
  /** The connections an event, a studio template or a series uses (`?event=` …). */
  const usedBy = (api: Api, query: string) =>
    api.get<CrmConnection[] & { message: string }>(`/api/integrations/crm/connections/?${query}`);
  /** HubSpot's contact fields, of the connection `owner` (`workspace`, `event` …) names or uses. */
  const targetFields = (api: Api, owner: Record<string, string> = {}) => {
    const query = new URLSearchParams({ crm_object_type: 'contacts', ...owner });
    return api.get<CrmTargetField[] & { message: string }>(
      `/api/integrations/crm/hubspot/target_fields/?${query.toString()}`,
    );
  };
  const hasTeamProperty = (fields: CrmTargetField[]) =>
    fields.some((field) => field.id === HUBSPOT_OTHER_PROPERTY.name);
  const hubspotOf = (listed: CrmConnection[]) => listed.find((c) => c.crm_type === 'hubspot');
  const connectHubSpot = (api: Api, token: string, workspace?: string) =>
    api.post<Authenticated>(
      `/api/integrations/crm/authenticate/${workspace ? `?workspace=${workspace}` : ''}`,
      { crm_type: 'hubspot', access_token: token },
    );
  const teamLevel = (on: boolean) => teams.teamLevel(on);
  /** Team-level integrations on, and Blue connected to the other HubSpot account by its team admin. */
  async function blueOnItsOwnHubSpot() {
    await teamLevel(true);
    expect((await connectHubSpot(team, HUBSPOT_OTHER_TOKEN, blue.id)).status).toBe(200);
  }
  /** Registers someone to the event; answers the HubSpot account their contact went to. */
  async function syncedPortal(event: StudioEvent) {
    const person = registrant('Team');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const found = () => {
      if (hubspot.contacts.some((contact) => contact.properties.email === person.email))
        return HUBSPOT_PORTAL_ID;
      if (hubspot.otherContacts.some((contact) => contact.properties.email === person.email))
        return HUBSPOT_OTHER_PORTAL_ID;
      return undefined;
    };
    await eventually(() => Promise.resolve(expect(found()).toBeDefined()));
    return found();
  }

  beforeAll(async () => {
    teams = await teamsFixture(studio, 'Teams Org');
    ({ owner, team, blue, red, blueEvent, redEvent } = teams);
    expect((await connectHubSpot(owner, HUBSPOT_TOKEN)).body.connection).toMatchObject({
      workspace_id: null,
      account_id: String(HUBSPOT_PORTAL_ID),
    });
  });

  it('with the flag off, there are no team connections and a team’s event syncs as before', async () => {
    const refused = await connections(owner, blue.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(accessMessages.featureNotEnabled);
    expect((await connectHubSpot(team, HUBSPOT_OTHER_TOKEN, blue.id)).status).toBe(403);
    // A team admin still manages none of the organisation's connections.
    expect((await connections(team)).status).toBe(403);
    expect((await connectHubSpot(team, HUBSPOT_OTHER_TOKEN)).status).toBe(403);
    expect(await syncedPortal(blueEvent)).toBe(HUBSPOT_PORTAL_ID);
  });

  it('with the flag on, a team admin manages their own team’s connection, and its events sync through it', async () => {
    await teamLevel(true);
    const connected = await connectHubSpot(team, HUBSPOT_OTHER_TOKEN, blue.id);
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      message: 'Authentication Successful',
      connection: { workspace_id: blue.id, account_id: String(HUBSPOT_OTHER_PORTAL_ID) },
    });
    const listed = await connections(team, blue.id);
    expect(hubspotOf(listed.body)).toMatchObject({ workspace_id: blue.id, is_authenticated: true });
    expect(JSON.stringify(listed.body)).not.toContain(HUBSPOT_OTHER_TOKEN);
    // The organisation's own connection is untouched, and an organisation admin sees the team's.
    expect(hubspotOf((await connections(owner)).body)).toMatchObject({
      workspace_id: null,
      account_id: String(HUBSPOT_PORTAL_ID),
    });
    expect(hubspotOf((await connections(owner, blue.id)).body)?.account_id).toBe(
      String(HUBSPOT_OTHER_PORTAL_ID),
    );
    const health = await team.post<Authenticated>(
      `/api/integrations/crm/hubspot/auth_health/?workspace=${blue.id}`,
      {},
    );
    expect(health.body.message).toBe('Authentication Successful');

    // The team's event uses the team's connection; another team's falls back to the organisation's.
    expect(await syncedPortal(blueEvent)).toBe(HUBSPOT_OTHER_PORTAL_ID);
    expect(await syncedPortal(redEvent)).toBe(HUBSPOT_PORTAL_ID);

    // Turned off again: the team's event is back on the organisation's connection.
    await teamLevel(false);
    expect(await syncedPortal(blueEvent)).toBe(HUBSPOT_PORTAL_ID);
    await teamLevel(true);
  });

  it('reads a team connection’s target fields with ?workspace=, under the same guard', async () => {
    await blueOnItsOwnHubSpot();
    const teams = await targetFields(team, { workspace: blue.id });
    expect(teams.status).toBe(200);
    expect(hasTeamProperty(teams.body)).toBe(true);
    expect(hasTeamProperty((await targetFields(owner, { workspace: blue.id })).body)).toBe(true);
    // The organisation's own connection reads its own account's fields; a team admin may not.
    const organisation = await targetFields(owner);
    expect(organisation.status).toBe(200);
    expect(hasTeamProperty(organisation.body)).toBe(false);
    expect((await targetFields(team)).status).toBe(403);
    // A team without a connection of its own reads the organisation's (as its events do).
    expect(hasTeamProperty((await targetFields(owner, { workspace: red.id })).body)).toBe(false);
    expect((await targetFields(team, { workspace: red.id })).status).toBe(404);

    await teamLevel(false);
    const refused = await targetFields(team, { workspace: blue.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(accessMessages.featureNotEnabled);
    await teamLevel(true);
  });

  it('reads the target fields of the connection an event, a studio template or a series uses (its mapping screen)', async () => {
    await blueOnItsOwnHubSpot();
    const { template, series } = await teams.templateAndSeriesOf(blue.id, 'Blue mapped');
    // The team admin, refused the organisation's connection, reads the team's through what it maps.
    const owners: Record<string, string>[] = [
      { event: blueEvent.id },
      { studio_template: template.id },
      { series: series.id },
    ];
    for (const owned of owners) {
      const read = await targetFields(team, owned);
      expect(read.status).toBe(200);
      expect(hasTeamProperty(read.body)).toBe(true);
    }
    // Another team's event uses the organisation's connection; a team admin does not see it.
    const redFields = await targetFields(owner, { event: redEvent.id });
    expect(redFields.status).toBe(200);
    expect(hasTeamProperty(redFields.body)).toBe(false);
    expect((await targetFields(team, { event: redEvent.id })).status).toBe(404);
    const other = await otherOrganization(studio, 'Other Fields Org');
    expect((await targetFields(other.api, { event: blueEvent.id })).status).toBe(404);

    // Saving the template's mapping checks against the same fields its screen read.
    const saved = await team.post<{ field_mappings: unknown[] }>(
      '/api/integrations/field-mappings/bulk_save/',
      {
        crm_type: 'hubspot',
        crm_object_type: 'contacts',
        entity_type: 'STUDIO_TEMPLATE',
        entity_id: template.id,
        field_mappings: [
          { source_field_id: 'email', crm_field_id: 'email', crm_field_update_policy: 'NEVER_UPDATE' },
          { source_field_id: 'first_name', crm_field_id: HUBSPOT_OTHER_PROPERTY.name },
        ],
      },
    );
    expect(saved.status).toBe(200);

    // Flag off: the team's event reads the organisation's fields, still without a 403.
    await teamLevel(false);
    const fallback = await targetFields(team, { event: blueEvent.id });
    expect(fallback.status).toBe(200);
    expect(hasTeamProperty(fallback.body)).toBe(false);
    await teamLevel(true);
  });

  it('reports the connection an event, a studio template and a series use', async () => {
    await blueOnItsOwnHubSpot();
    const { template, series } = await teams.templateAndSeriesOf(blue.id, 'Blue');
    for (const query of [`event=${blueEvent.id}`, `studio_template=${template.id}`, `series=${series.id}`]) {
      const used = await usedBy(team, query);
      expect(used.status).toBe(200);
      expect(hubspotOf(used.body)).toMatchObject({
        workspace_id: blue.id,
        is_authenticated: true,
        account_id: String(HUBSPOT_OTHER_PORTAL_ID),
      });
    }
    // Another team's event uses the organisation's; a team admin does not see it.
    expect(hubspotOf((await usedBy(owner, `event=${redEvent.id}`)).body)).toMatchObject({
      workspace_id: null,
      account_id: String(HUBSPOT_PORTAL_ID),
    });
    expect((await usedBy(team, `event=${redEvent.id}`)).status).toBe(404);

    // Flag off: the team's event is back on the organisation's connection.
    await teamLevel(false);
    expect(hubspotOf((await usedBy(team, `event=${blueEvent.id}`)).body)).toMatchObject({
      workspace_id: null,
      account_id: String(HUBSPOT_PORTAL_ID),
    });
    await teamLevel(true);

    const other = await otherOrganization(studio, 'Other Used Org');
    expect((await usedBy(other.api, `event=${blueEvent.id}`)).status).toBe(404);
    expect((await usedBy(other.api, `series=${series.id}`)).status).toBe(404);
  });

  it('answers 404 for another team’s connections and another organisation’s', async () => {
    await teamLevel(true);
    expect((await connections(team, red.id)).status).toBe(404);
    expect((await connectHubSpot(team, HUBSPOT_OTHER_TOKEN, red.id)).status).toBe(404);
    expect((await team.delete(`/api/integrations/crm/hubspot/?workspace=${red.id}`)).status).toBe(404);

    const other = await otherOrganization(studio, 'Other Teams Org');
    expect((await connections(other.api, blue.id)).status).toBe(404);
    expect((await other.api.delete(`/api/integrations/crm/hubspot/?workspace=${blue.id}`)).status).toBe(404);
    expect((await connections(owner, other.teamId)).status).toBe(404);
    expect((await connections(team, 'not-a-uuid')).status).toBe(400);

    // The team admin disconnects their team's connection; the organisation's stays.
    expect((await team.delete(`/api/integrations/crm/hubspot/?workspace=${blue.id}`)).status).toBe(204);
    expect(hubspotOf((await connections(team, blue.id)).body)?.is_authenticated).toBe(false);
    expect(hubspotOf((await connections(owner)).body)?.is_authenticated).toBe(true);
    expect(await syncedPortal(blueEvent)).toBe(HUBSPOT_PORTAL_ID);
  });
});
