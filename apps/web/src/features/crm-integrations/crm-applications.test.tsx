import { crmMessages, INTEGRATION_TYPES, marketingMessages, messages } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resolveFeatureFlags } from '@studio/domain';
import { crmConnection } from '../../testing/crm-fixture.ts';
import { acme, ada, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';

const wait = { timeout: 10_000 };

const routes =
  (accept: boolean): ExtraRoutes =>
  (path, init) => {
    if (path === '/api/integrations/crm/connections/')
      return json(
        200,
        INTEGRATION_TYPES.map((type) => crmConnection(type)),
      );
    if (path === '/api/integrations/crm/authenticate/')
      return accept
        ? json(200, {
            message: crmMessages.authenticationSuccessful,
            connection: crmConnection('hubspot', { is_authenticated: true }),
          })
        : json(400, { message: crmMessages.authenticationFailed, code: 'AUTHENTICATION_FAILED' });
    if (path === '/api/integrations/eloqua/event_form/')
      return (JSON.parse(init?.body as string) as { eloqua_form_id: string }).eloqua_form_id === '1234'
        ? json(200, { is_valid_eloqua_form_id: true, form: { id: '1234', name: 'Summit registration' } })
        : json(400, { message: marketingMessages.eloquaFormNotFound, code: 'FORM_NOT_FOUND' });
    return undefined;
  };

describe('CRM applications (issue 36)', () => {
  it('lists each CRM with whether it is connected', async () => {
    openStudio('/integrations/applications', { user: ada, routes: routes(true) });
    const card = await screen.findByRole('article', { name: 'Salesforce' }, wait);
    expect(within(card).getByText('Not connected')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe(
      '/integrations/applications/salesforce/settings/authentication',
    );
  });

  it('says which connection the CRM refused: it needs re-authentication', async () => {
    const refused: ExtraRoutes = (path, init) =>
      path === '/api/integrations/crm/connections/'
        ? json(
            200,
            INTEGRATION_TYPES.map((type) =>
              crmConnection(
                type,
                type === 'hubspot'
                  ? { is_authenticated: true, token_expired: false, needs_reauthentication: true }
                  : {},
              ),
            ),
          )
        : routes(true)(path, init);
    openStudio('/integrations/applications', { user: ada, routes: refused });
    const card = await screen.findByRole('article', { name: 'HubSpot' }, wait);
    expect(within(card).getByText('Needs re-authentication')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Salesforce' })).getByText('Not connected'),
    ).toBeTruthy();
  });

  it('sends the token and says the spec message when the CRM refuses it', async () => {
    const { fetchMock } = openStudio('/integrations/applications/hubspot/settings/authentication', {
      user: ada,
      routes: routes(false),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Private app access token/, {}, wait), 'pat-eu1-wrong');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect((await screen.findByRole('alert', {}, wait)).textContent).toBe(crmMessages.authenticationFailed);
    expect(callsTo(fetchMock, '/api/integrations/crm/authenticate/')[0]?.body).toEqual({
      crm_type: 'hubspot',
      access_token: 'pat-eu1-wrong',
    });
  });

  it('lists Marketo, Pardot, Eloqua and Wistia too, each with its own connect page', async () => {
    openStudio('/integrations/applications', { user: ada, routes: routes(true) });
    for (const [name, type] of [
      ['Marketo', 'marketo'],
      ['Pardot', 'pardot'],
      ['Eloqua', 'eloqua'],
      ['Wistia', 'wistia'],
    ]) {
      const card = await screen.findByRole('article', { name }, wait);
      expect(within(card).getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe(
        `/integrations/applications/${type}/settings/authentication`,
      );
    }
  });

  it("connects Pardot with its four credentials, and says the spec message when they're refused", async () => {
    const { fetchMock } = openStudio('/integrations/applications/pardot/settings/authentication', {
      user: ada,
      routes: routes(false),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Connected app client id/, {}, wait), 'app-id');
    await user.type(screen.getByLabelText(/Connected app client secret/), 'app-secret');
    await user.type(screen.getByLabelText(/Refresh token/), 'refresh-1');
    await user.type(screen.getByLabelText(/Business unit id/), '0Uv000000000001AAA');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect((await screen.findByRole('alert', {}, wait)).textContent).toBe(crmMessages.authenticationFailed);
    expect(callsTo(fetchMock, '/api/integrations/crm/authenticate/')[0]?.body).toEqual({
      crm_type: 'pardot',
      client_id: 'app-id',
      client_secret: 'app-secret',
      refresh_token: 'refresh-1',
      business_unit_id: '0Uv000000000001AAA',
    });
  });

  it("refuses an empty credential itself, with the studio's message (noValidate)", async () => {
    const { fetchMock } = openStudio('/integrations/applications/pardot/settings/authentication', {
      user: ada,
      routes: routes(true),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Connected app client id/, {}, wait), 'app-id');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    // The three left empty, each with the message; the typed one without.
    expect(await screen.findAllByText(messages.fieldRequired, {}, wait)).toHaveLength(3);
    expect(screen.getByRole<HTMLFormElement>('form', { name: 'Pardot credentials' }).noValidate).toBe(true);
    expect(callsTo(fetchMock, '/api/integrations/crm/authenticate/')).toEqual([]);
  });

  it("refuses an empty Eloqua form id with the studio's message, sending nothing", async () => {
    const { fetchMock } = openStudio('/integrations/applications/eloqua/settings/eloqua-event-form', {
      user: ada,
      routes: routes(true),
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(/Eloqua form id/, {}, wait);
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText(messages.fieldRequired, {}, wait)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/integrations/eloqua/event_form/')).toEqual([]);
  });

  it('saves the Eloqua event form once Eloqua knows it', async () => {
    const { fetchMock } = openStudio('/integrations/applications/eloqua/settings/eloqua-event-form', {
      user: ada,
      routes: routes(true),
    });
    const user = userEvent.setup({ delay: null });
    const input = await screen.findByLabelText(/Eloqua form id/, {}, wait);
    await user.type(input, '77');
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText(marketingMessages.eloquaFormNotFound, {}, wait)).toBeTruthy();
    await user.clear(input);
    await user.type(input, '1234');
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText('Form “Summit registration” connected.', {}, wait)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/api/integrations/eloqua/event_form/')).toEqual([
      { eloqua_form_id: '77' },
      { eloqua_form_id: '1234' },
    ]);
  });
});

describe('Team-level integrations (issue 36 §5)', () => {
  const BLUE = '5b1e0000-0000-4000-8000-000000000001';
  const RED = '5b1e0000-0000-4000-8000-000000000002';
  const teams = [
    { id: BLUE, name: 'Blue' },
    { id: RED, name: 'Red' },
  ];
  const teamLevel = (on: boolean) => ({
    ...acme,
    is_workspace_enabled: true,
    feature_flags: resolveFeatureFlags({ isTeamLevelIntegrationEnabled: on }),
  });
  /** The organisation's HubSpot account, and Blue's own. */
  const teamRoutes: ExtraRoutes = (path) => {
    const [route, query = ''] = path.split('?');
    if (route !== '/api/integrations/crm/connections/') return undefined;
    const workspace = new URLSearchParams(query).get('workspace');
    return json(
      200,
      INTEGRATION_TYPES.map((type) =>
        crmConnection(
          type,
          type === 'hubspot'
            ? {
                is_authenticated: true,
                workspace_id: workspace,
                account_id: workspace ? '13579246' : '24681357',
              }
            : { workspace_id: workspace },
        ),
      ),
    );
  };
  const teamInput = async () =>
    (await screen.findAllByLabelText('Team', {}, wait)).find((element) => element.tagName === 'INPUT')!;
  const connectionCalls = (fetchMock: Parameters<typeof callsTo>[0]) =>
    callsTo(fetchMock, '/api/integrations/crm/connections/').map((call) => call.url.split('?')[1] ?? '');

  it("lists the organisation's connections, then a chosen team's, with the team kept in the settings link", async () => {
    const { fetchMock } = openStudio('/integrations/applications', {
      user: { ...ada, workspaces: teams },
      organization: teamLevel(true),
      routes: teamRoutes,
    });
    const hubspot = () => screen.findByRole('article', { name: 'HubSpot' }, wait);
    expect(await within(await hubspot()).findByText('Portal id 24681357', {}, wait)).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(await teamInput());
    await user.click(await screen.findByRole('option', { name: 'Blue', hidden: true }, wait));
    expect(await within(await hubspot()).findByText('Portal id 13579246', {}, wait)).toBeTruthy();
    expect(
      within(await hubspot())
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/integrations/applications/hubspot/settings/authentication?workspace=${BLUE}`);
    expect(connectionCalls(fetchMock)).toEqual(['', `workspace=${BLUE}`]);
  });

  it("puts a team admin on their team's connections, with no organisation to choose", async () => {
    const { fetchMock } = openStudio('/integrations/authentications', {
      user: { ...ada, role: 'WORKSPACE_ADMIN', is_admin: false, workspaces: teams },
      organization: teamLevel(true),
      routes: teamRoutes,
    });
    const row = await screen.findByRole('row', { name: /HubSpot/ }, wait);
    expect(within(row).getByText('13579246')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'HubSpot' }).getAttribute('href')).toBe(
      `/integrations/authentications/hubspot/settings?workspace=${BLUE}`,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await teamInput());
    expect(
      (await screen.findAllByRole('option', { hidden: true }, wait)).map((option) => option.textContent),
    ).toEqual(['Blue', 'Red']);
    expect(connectionCalls(fetchMock)).toEqual([`workspace=${BLUE}`]);
  });

  it("keeps the team in the field-mapping links; the fields are read through the team's", async () => {
    const fields = [
      { id: 'team_region', label: 'Team region', type: 'string' },
      { id: 'email', label: 'Email', type: 'string' },
    ].map((field) => ({ ...field, is_required: false, is_custom: false, is_updateable: true }));
    const withFields: ExtraRoutes = (path, init) =>
      path.startsWith('/api/integrations/crm/hubspot/target_fields/')
        ? json(200, fields)
        : teamRoutes(path, init);
    openStudio(`/integrations/applications/hubspot/settings/authentication?workspace=${BLUE}`, {
      user: { ...ada, workspaces: teams },
      organization: teamLevel(true),
      routes: withFields,
    });
    const link = await screen.findByRole('link', { name: 'contacts fields' }, wait);
    expect(link.getAttribute('href')).toBe(
      `/integrations/applications/hubspot/settings/field-mapping/contacts?workspace=${BLUE}`,
    );

    const { fetchMock } = openStudio(
      `/integrations/applications/hubspot/settings/field-mapping/contacts?workspace=${BLUE}`,
      { user: { ...ada, workspaces: teams }, organization: teamLevel(true), routes: withFields },
    );
    const table = await screen.findByRole('table', { name: 'contacts fields' }, wait);
    expect(within(table).getByRole('cell', { name: 'Team region' })).toBeTruthy();
    expect(
      callsTo(fetchMock, '/api/integrations/crm/hubspot/target_fields/').map(
        (call) => call.url.split('?')[1],
      ),
    ).toEqual([`crm_object_type=contacts&workspace=${BLUE}`]);
  });

  it("offers no team with the flag off: the organisation's connections as before", async () => {
    const { fetchMock } = openStudio('/integrations/applications', {
      user: { ...ada, workspaces: teams },
      organization: teamLevel(false),
      routes: teamRoutes,
    });
    expect(await screen.findByRole('article', { name: 'HubSpot' }, wait)).toBeTruthy();
    expect(screen.queryAllByLabelText('Team')).toEqual([]);
    expect(connectionCalls(fetchMock)).toEqual(['']);
  });
});
