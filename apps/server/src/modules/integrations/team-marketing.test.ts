import type { ApiError, CrmConnection, OrganizationDetail, StudioEvent } from '@studio/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openedForFile } from '../../../test/file-studio.ts';
import { eventually } from '../../../test/harness.ts';
import { ELOQUA_CREDENTIALS, startEloquaServer } from '../../../test/vendors/eloqua-server.ts';
import { MARKETO_CLIENT, startMarketoServer } from '../../../test/vendors/marketo-server.ts';
import type { Api } from '../back-office/back-office.fixtures.ts';
import { register, registrant } from '../registration/registrants/registrants.fixtures.ts';
import { fileCrmStudio } from './crm.fixtures.ts';
import { otherOrganization, teamsFixture } from './team-integrations.fixtures.ts';

const FOLDERS = '/rest/asset/v1/folders.json';

/**
 * Issue 36 §5: Marketo's folders, base program and custom activity types and Eloqua's event form
 * go through the connection the call names (`?workspace=`, `?event=` …) like the other team-level
 * integrations, against two local Marketo instances (the organisation's and the Blue team's).
 */
describe('Team-level Marketo and Eloqua: folders, base program, activity types, event form', () => {
  const organisationMarketo = openedForFile(startMarketoServer);
  const blueMarketo = openedForFile(startMarketoServer);
  const eloqua = openedForFile(startEloquaServer);
  const studio = fileCrmStudio(() => ({
    marketoBaseUrl: organisationMarketo.url,
    eloquaLoginUrl: eloqua.url,
  }));
  let teams: Awaited<ReturnType<typeof teamsFixture>>;
  let owner: Api;
  let team: Api;

  const marketoOf = (workspace?: string, baseUrl?: string) =>
    (workspace ? team : owner).post(
      `/api/integrations/crm/authenticate/${workspace ? `?workspace=${workspace}` : ''}`,
      {
        crm_type: 'marketo',
        client_id: MARKETO_CLIENT.clientId,
        client_secret: MARKETO_CLIENT.clientSecret,
        ...(baseUrl ? { base_url: baseUrl } : {}),
      },
    );
  const eloquaOf = (workspace?: string) =>
    (workspace ? team : owner).post(
      `/api/integrations/crm/authenticate/${workspace ? `?workspace=${workspace}` : ''}`,
      { crm_type: 'eloqua', ...ELOQUA_CREDENTIALS },
    );
  const teamConnection = (type: string) =>
    studio.database.db
      .selectFrom('crm_connections')
      .select([
        'base_marketo_program_id',
        'eloqua_form_id',
        'marketo_user_profile_activity_id',
        'marketo_user_engagement_activity_id',
      ])
      .where('workspace_id', '=', teams.blue.id)
      .where('crm_type', '=', type)
      .executeTakeFirstOrThrow();
  /** The Eloqua form a registration to the event was submitted to. */
  async function submittedForm(event: StudioEvent) {
    const person = registrant('Eloqua');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const submission = () =>
      eloqua.submissions.find((one) => one.fieldValues.some((field) => field.value === person.email));
    await eventually(() => Promise.resolve(expect(submission()).toBeDefined()));
    return submission()!.formId;
  }

  beforeAll(async () => {
    // Blue's Marketo has a program the organisation's has not; Eloqua a second event form.
    blueMarketo.programs.set(2002, { ...blueMarketo.programs.get(1001)!, id: 2002, name: 'Blue base' });
    eloqua.forms.set('5678', { ...eloqua.forms.get('1234')!, id: '5678', name: 'Blue registration' });
    teams = await teamsFixture(studio, 'Team Marketing Org');
    ({ owner, team } = teams);
    expect((await marketoOf()).status).toBe(200);
    expect((await eloquaOf()).status).toBe(200);
    await teams.teamLevel(true);
    expect((await marketoOf(teams.blue.id, blueMarketo.url)).status).toBe(200);
    expect((await eloquaOf(teams.blue.id)).status).toBe(200);
  });

  it("searches the folders of the team's Marketo with ?workspace= or ?event=, the organisation's without", async () => {
    const search = (api: Api, query: string) =>
      api.get<{ folders: { name: string }[] }>(
        `/api/integrations/marketo/folders/?search_name=webinars${query}`,
      );
    const byTeam = await search(team, `&workspace=${teams.blue.id}`);
    expect(byTeam.status).toBe(200);
    expect(byTeam.body.folders.map((folder) => folder.name)).toEqual(['Webinars', 'Webinars 2026']);
    expect(await search(team, `&event=${teams.blueEvent.id}`)).toMatchObject({ status: 200 });
    expect(blueMarketo.to(FOLDERS)).toHaveLength(2);
    expect(organisationMarketo.to(FOLDERS)).toHaveLength(0);
    // The organisation's own, which a team admin does not manage; a red event uses it too.
    expect((await search(team, '')).status).toBe(403);
    expect((await search(owner, '')).status).toBe(200);
    expect((await search(owner, `&event=${teams.redEvent.id}`)).status).toBe(200);
    expect(organisationMarketo.to(FOLDERS)).toHaveLength(2);
    expect((await search(team, `&workspace=${teams.red.id}`)).status).toBe(404);
  });

  it("keeps a team's base program on its connection, found in the team's Marketo", async () => {
    const base = (api: Api, programId: number, query = '') =>
      api.post<ApiError>(`/api/integrations/marketo/base_program/${query}`, { program_id: programId });
    expect((await base(team, 2002, `?workspace=${teams.blue.id}`)).status).toBe(200);
    expect(await teamConnection('marketo')).toMatchObject({ base_marketo_program_id: '2002' });
    // The organisation's Marketo has no 2002; its base program is its own.
    const missing = await base(owner, 2002);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('PROGRAM_NOT_FOUND');
    expect((await base(owner, 1001)).status).toBe(200);
    const organization = await owner.get<OrganizationDetail>(
      `/api/core/organization/${teams.organizationId}/`,
    );
    expect(organization.body.base_marketo_program_id).toBe('1001');
    expect(await teamConnection('marketo')).toMatchObject({ base_marketo_program_id: '2002' });
    expect((await base(team, 1001)).status).toBe(403);
    // An event's connection answers the base program its clone starts from: its team's, else the organisation's.
    const baseOf = async (api: Api, event: StudioEvent) =>
      (await api.get<CrmConnection[]>(`/api/integrations/crm/connections/?event=${event.id}`)).body.find(
        (connection) => connection.crm_type === 'marketo',
      )?.base_marketo_program_id;
    expect(await baseOf(team, teams.blueEvent)).toBe('2002');
    expect(await baseOf(owner, teams.redEvent)).toBe('1001');
  });

  it("creates the custom activity types in the team's Marketo", async () => {
    const create = (api: Api, query: string) =>
      api.post<{ failures: string[]; marketo_activity_type_ids: Record<string, string> }>(
        `/api/core/organization/${teams.organizationId}/create_marketo_custom_activity_types/${query}`,
        {},
      );
    const created = await create(team, `?workspace=${teams.blue.id}`);
    expect(created.status).toBe(200);
    expect(created.body.failures).toEqual([]);
    expect(blueMarketo.activityTypes.size).toBeGreaterThan(0);
    expect(organisationMarketo.activityTypes.size).toBe(0);
    // The team's connection keeps the ids its Marketo gave (the organisation's stay unset).
    const { user_profile, user_engagement } = created.body.marketo_activity_type_ids;
    expect(await teamConnection('marketo')).toMatchObject({
      marketo_user_profile_activity_id: user_profile,
      marketo_user_engagement_activity_id: user_engagement,
    });
    expect((await create(team, '')).status).toBe(403);
    const other = await otherOrganization(studio, 'Other Marketo Org');
    expect((await create(other.api, '')).status).toBe(404);
  });

  it("submits a team's registrants to the team connection's event form, others to the organisation's", async () => {
    const form = (api: Api, formId: string, query = '') =>
      api.post<ApiError>(`/api/integrations/eloqua/event_form/${query}`, { eloqua_form_id: formId });
    expect((await form(team, '5678', `?workspace=${teams.blue.id}`)).status).toBe(200);
    expect((await form(owner, '1234')).status).toBe(200);
    expect(await teamConnection('eloqua')).toMatchObject({ eloqua_form_id: '5678' });
    const validated = await team.get<{ is_valid_eloqua_form_id: boolean }>(
      `/api/integrations/eloqua/validate_form_id/?eloqua_form_id=5678&event=${teams.blueEvent.id}`,
    );
    expect(validated.body.is_valid_eloqua_form_id).toBe(true);
    expect((await form(team, '77', `?workspace=${teams.blue.id}`)).body.code).toBe('FORM_NOT_FOUND');

    expect(await submittedForm(teams.blueEvent)).toBe('5678');
    expect(await submittedForm(teams.redEvent)).toBe('1234');
    // Flag off: the team's event is back on the organisation's connection and form.
    await teams.teamLevel(false);
    expect(await submittedForm(teams.blueEvent)).toBe('1234');
    await teams.teamLevel(true);
  });
});
