import {
  accessMessages,
  ORGANIZATION_FLAGS,
  type ApiToken,
  type CurrentUser,
  type Role,
  type Workspace,
} from '@studio/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { acme, ada, json } from '../../testing/fake-studio-api.ts';
import { NO_TIER_LABEL } from './organization-form.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';

const page = <T,>(results: T[], count = results.length, next: string | null = null) => ({
  count,
  next,
  previous: null,
  results,
});
const typist = () => userEvent.setup({ delay: null });
/** A member of Acme with an organisation role and the permission list the studio is answered for them. */
const member = (
  role: string,
  permissions: string[],
): { user: CurrentUser; permissions: readonly string[] } => ({
  user: { ...ada, id: 'user-5', role, is_admin: false },
  permissions,
});

describe('API tokens', () => {
  const token: ApiToken = {
    id: 't-1',
    name: 'Nightly export',
    prefix: 'st_abcd1234',
    created_at: '2026-11-20T10:00:00Z',
    last_used_at: null,
  };

  function tokenRoutes(options: { listFails?: boolean } = {}) {
    let tokens = [token];
    return (path: string, init: RequestInit): Response | undefined => {
      if (path.startsWith('/api/core/api_tokens/') && init.method === 'GET') {
        return options.listFails ? json(403, { code: 'FORBIDDEN', message: 'x' }) : json(200, page(tokens));
      }
      if (path === '/api/core/api_tokens/' && init.method === 'POST') {
        const { name } = JSON.parse(init.body as string) as { name: string };
        const created = { id: 't-2', name, prefix: 'st_9f8e7d6c', created_at: '2026-11-22T10:00:00Z' };
        tokens = [...tokens, { ...created, last_used_at: null }];
        return json(201, { ...created, token: 'st_9f8e7d6c-the-whole-secret' });
      }
      if (path === '/api/core/api_tokens/t-1/' && init.method === 'DELETE') {
        tokens = tokens.filter((candidate) => candidate.id !== 't-1');
        return new Response(null, { status: 204 });
      }
      return undefined;
    };
  }

  it('creates a token whose secret is shown once, with a copy button, and says so', async () => {
    const { fetchMock } = openStudio('/settings-new/tokens', { user: ada, routes: tokenRoutes() });
    const user = typist();
    const row = (await screen.findByRole('cell', { name: 'Nightly export' })).closest('tr') as HTMLElement;
    // Dates as the studio writes them ('Nov 20, 2026, 10:00 AM UTC'), never the browser's '11/20/2026, …'.
    expect(within(row).getByText(/^Nov 2\d, 2026, \d{1,2}:\d{2} [AP]M /)).toBeTruthy();
    expect(within(row).getByRole('cell', { name: 'Never' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'CI pipeline');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Token CI pipeline created' });
    expect(within(dialog).getByText('st_9f8e7d6c-the-whole-secret')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(await screen.findByText(accessMessages.tokenCreated)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/api_tokens/').find((call) => call.method === 'POST')?.body).toEqual({
      name: 'CI pipeline',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('cell', { name: 'CI pipeline' })).toBeTruthy();
    expect(screen.queryByText('st_9f8e7d6c-the-whole-secret')).toBeNull();
  });

  it("deletes a token after 'Are you sure?' and says so", async () => {
    const { fetchMock } = openStudio('/settings-new/tokens', { user: ada, routes: tokenRoutes() });
    const user = typist();
    const row = (await screen.findByRole('cell', { name: 'Nightly export' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(accessMessages.tokenDeleted)).toBeTruthy();
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/api_tokens/t-1/').map((call) => call.method)).toEqual(['DELETE']);
  });

  it('says so when the tokens cannot be loaded', async () => {
    openStudio('/settings-new/tokens', { user: ada, routes: tokenRoutes({ listFails: true }) });
    expect((await screen.findAllByText(accessMessages.tokensLoadFailed)).length).toBeGreaterThan(0);
  });

  it('is closed to team admins (the guard sends them home)', async () => {
    const teamAdmin = member('WORKSPACE_ADMIN', ['user:read', 'event:read']);
    const { router } = openStudio('/settings-new/tokens', {
      user: { ...teamAdmin.user, workspaces: [{ id: 'w-1', name: 'Team' }] },
      permissions: teamAdmin.permissions,
    });
    await screen.findByText(`Welcome, ${ada.first_name} ${ada.last_name}.`);
    expect(router.state.location.href).toBe('/home');
  });

  it('is hidden from a member without api_token:manage', async () => {
    const editor = member('EVENT_EDITOR', ['workspace:read', 'event:read']);
    openStudio('/settings-new/tokens', { user: editor.user, permissions: editor.permissions });
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'API Tokens' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Teams' })).toBeTruthy();
  });

  it('offers no creation when the plan leaves it out', async () => {
    const organization = {
      ...acme,
      tier: 'starter',
      pricing_config: { ...acme.pricing_config, tokenCreation: false },
    };
    openStudio('/settings-new/tokens', { user: ada, organization, routes: tokenRoutes() });
    expect(await screen.findByText(accessMessages.featureNotEnabled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
  });

  it("says tokens are refused while the organisation's automation API is off", async () => {
    openStudio('/settings-new/tokens', { user: ada, routes: tokenRoutes() });
    expect(await screen.findByText(/The automation API is not enabled for your organization/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Automation API' })).toBeNull();
  });

  it('shows how scripts call the API with a token once the automation API is on', async () => {
    const organization = {
      ...acme,
      feature_flags: { ...acme.feature_flags, isNewAutomationApiEnabled: true },
    };
    openStudio('/settings-new/tokens', { user: ada, organization, routes: tokenRoutes() });
    const usage = await screen.findByRole('region', { name: 'Automation API' });
    const request = within(usage).getByText(/curl -H "Authorization: Bearer st_…" .*\/api\/event\//);
    // It wraps on a narrow screen rather than scrolling sideways.
    expect(request.style.whiteSpace).toBe('pre-wrap');
    expect(within(usage).getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe(
      '/api/docs/',
    );
    expect(screen.queryByText(/The automation API is not enabled/)).toBeNull();
  });
});

describe('Teams', () => {
  const team = (index: number): Workspace => ({
    id: `w-${index}`,
    name: `Team ${String(index).padStart(2, '0')}`,
    organization: acme.id,
    created_at: '2026-11-20T10:00:00Z',
    members_count: index % 3,
  });
  /** The Teams page as the admin of Team 01, the one team the server lists. */
  const openTeamsAsTeamAdmin = () => {
    const teamAdmin = member('WORKSPACE_ADMIN', ['user:read', 'event:read']);
    openStudio('/settings-new/teams', {
      user: { ...teamAdmin.user, workspaces: [{ id: 'w-1', name: 'Team 01' }] },
      permissions: teamAdmin.permissions,
      routes: (path, init) =>
        path.startsWith('/api/core/workspaces/') && init.method === 'GET'
          ? json(200, page([team(1)]))
          : undefined,
    });
  };

  it('lists teams by server pages, shows pages only beyond 25, and searches on the server', async () => {
    const { fetchMock } = openStudio('/settings-new/teams', {
      user: ada,
      routes: (path) => {
        if (!path.startsWith('/api/core/workspaces/')) return undefined;
        const query = new URLSearchParams(path.split('?')[1]);
        if (query.get('search') === 'nothing') return json(200, page([], 0));
        const offset = Number(query.get('offset'));
        return json(
          200,
          page(
            Array.from({ length: offset === 0 ? 25 : 5 }, (_, index) => team(offset + index + 1)),
            30,
          ),
        );
      },
    });
    const user = typist();
    const first = (await screen.findByRole('cell', { name: 'Team 01' })).closest('tr') as HTMLElement;
    expect(within(first).getByRole('cell', { name: /^Nov 2\d, 2026$/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('cell', { name: 'Team 30' })).toBeTruthy();

    const lists = callsTo(fetchMock, '/api/core/workspaces/').map(
      (call) => new URLSearchParams(call.url.split('?')[1]),
    );
    expect(Object.fromEntries(lists[0] ?? [])).toEqual({
      organization: acme.id,
      show: 'all',
      ordering: 'name',
      limit: '25',
      offset: '0',
    });
    expect(lists.some((query) => query.get('offset') === '25')).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Search teams' }), 'nothing');
    expect(await screen.findByText('No teams found matching "nothing"', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('lets an organisation admin create a team', async () => {
    const { fetchMock } = openStudio('/settings-new/teams', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/core/workspaces/' && init.method === 'POST')
          return json(201, { ...team(1), name: 'Marketing' });
        if (path.startsWith('/api/core/workspaces/')) return json(200, page([]));
        return undefined;
      },
    });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Create team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create team' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Team name' }), 'Marketing');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Team created.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/workspaces/').find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Marketing',
    });
  });

  it('shows a team admin their teams without the management actions', async () => {
    openTeamsAsTeamAdmin();
    expect(await screen.findByRole('cell', { name: 'Team 01' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Members' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  describe('on a phone', () => {
    afterEach(onWideScreen);

    it("folds an admin's row actions into one menu, so the pinned column leaves the name room", async () => {
      onPhone();
      openStudio('/settings-new/teams', {
        user: ada,
        routes: (path, init) =>
          path.startsWith('/api/core/workspaces/') && init.method === 'GET'
            ? json(200, page([{ ...team(1), name: 'Customer Success' }]))
            : undefined,
      });
      const user = typist();
      const row = (await screen.findByRole('cell', { name: 'Customer Success' })).closest(
        'tr',
      ) as HTMLElement;
      for (const name of ['Members', 'Rename', 'Delete'])
        expect(within(row).queryByRole('button', { name })).toBeNull();
      await user.click(within(row).getByRole('button', { name: 'More actions for Customer Success' }));
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(['Members', 'Rename', 'Delete']);
      await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
      expect(await screen.findByRole('dialog', { name: 'Rename Customer Success' })).toBeTruthy();
    });

    it('keeps the one Members button of a team admin', async () => {
      onPhone();
      openTeamsAsTeamAdmin();
      expect(await screen.findByRole('button', { name: 'Members' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^More actions/ })).toBeNull();
    });
  });
});

describe('Organization', () => {
  it('sends only what the admin changed', async () => {
    const { fetchMock } = openStudio('/settings-new/organization', {
      user: ada,
      routes: (path, init) => {
        if (path === `/api/core/organization/${acme.id}/` && init.method === 'PATCH') {
          return json(200, {
            ...acme,
            name: 'Acme Events',
            is_event_roles_enabled: true,
          });
        }
        if (path === `/api/core/organization/${acme.id}/sso/`) {
          return json(200, {
            organization: acme.id,
            issuer: '',
            client_id: '',
            has_client_secret: false,
            enabled: false,
            email_domains: [],
            redirect_uri: 'http://localhost/auth/sso',
          });
        }
        return undefined;
      },
    });
    const user = typist();
    const save = await screen.findByRole<HTMLButtonElement>('button', { name: 'Save' });
    const name = screen.getByRole('textbox', { name: 'Organization name' });
    expect(save.disabled).toBe(true);
    await user.clear(name);
    await user.type(name, 'Acme Events');
    await user.click(screen.getByRole('switch', { name: 'Event roles (the events’ Staff pages)' }));
    await user.click(save);

    expect(await screen.findByText('Organization settings saved.')).toBeTruthy();
    expect(
      callsTo(fetchMock, `/api/core/organization/${acme.id}/`).find((call) => call.method === 'PATCH')?.body,
    ).toEqual({
      name: 'Acme Events',
      is_event_roles_enabled: true,
    });
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(screen.getByRole('region', { name: 'Single sign-on' })).toBeTruthy();
  });

  it("shows the contract's attendee count to an admin, and nothing without a contract", async () => {
    openStudio('/settings-new/contract', {
      user: ada,
      organization: { ...acme, tier: 'ENTERPRISE' },
      routes: (path) =>
        path === `/api/core/organization/${acme.id}/attendee_count/`
          ? json(200, { attendee_count: 42, attendee_limit: 5000, period_start: null })
          : undefined,
    });
    const contract = await screen.findByRole('region', { name: 'Contract' });
    expect(await within(contract).findByText('42 of 5000')).toBeTruthy();
    cleanup();
    // No tier, no contract: the page does not ask for a count it would be refused.
    const { fetchMock } = openStudio('/settings-new/organization', {
      user: ada,
      routes: (path) =>
        path === `/api/core/organization/${acme.id}/attendee_count/`
          ? json(400, { code: 'ORGANIZATION_DOES_NOT_HAVE_CONTRACT', message: 'No contract.' })
          : undefined,
    });
    expect(await screen.findByRole('region', { name: 'Plan' })).toBeTruthy();
    // The SSO settings, asked for after the contract would be, have been asked for.
    await waitFor(() => expect(callsTo(fetchMock, `/api/core/organization/${acme.id}/sso/`)).not.toEqual([]));
    expect(screen.queryByRole('region', { name: 'Contract' })).toBeNull();
    expect(callsTo(fetchMock, `/api/core/organization/${acme.id}/attendee_count/`)).toEqual([]);
  });

  it("says the server's message when the attendee count fails otherwise", async () => {
    openStudio('/settings-new/organization', {
      user: ada,
      organization: { ...acme, tier: 'ENTERPRISE' },
      routes: (path) =>
        path === `/api/core/organization/${acme.id}/attendee_count/`
          ? json(403, { code: 'FORBIDDEN', message: 'Not yours to read.' })
          : undefined,
    });
    const contract = await screen.findByRole('region', { name: 'Contract' });
    expect((await within(contract).findByRole('alert')).textContent).toBe('Not yours to read.');
  });

  it("shows the customer none of the operator's feature flags", async () => {
    openStudio('/settings-new/organization', { user: ada });
    expect(await screen.findByRole('switch', { name: 'Teams (workspaces)' })).toBeTruthy();
    for (const flag of ORGANIZATION_FLAGS)
      expect(screen.queryByRole('switch', { name: flag.label }), flag.label).toBeNull();
    expect(screen.queryByText('PPT animations')).toBeNull();
    expect(screen.queryByText('AI page revamp')).toBeNull();
    // Nor a switch that would change nothing here: simulive always plays in the studio's own player.
    expect(screen.queryByRole('switch', { name: /simulive/i })).toBeNull();
  });

  it('shows a member the switches and the plan read-only, without SSO settings', async () => {
    const editor = member('EVENT_EDITOR', ['workspace:read', 'event:read']);
    openStudio('/settings-new/organization', { user: editor.user, permissions: editor.permissions });
    const flag = await screen.findByRole<HTMLInputElement>('switch', { name: 'Content Lab' });
    expect(flag.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(NO_TIER_LABEL)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Single sign-on' })).toBeNull();
  });
});

describe('Permissions', () => {
  it("says 'Error fetching user permissions' once and hides what needs them", async () => {
    openStudio('/settings-new/teams', {
      user: ada,
      routes: (path) => {
        if (path === '/api/core/permissions/') return json(403, { code: 'FORBIDDEN', message: 'x' });
        if (path.startsWith('/api/core/workspaces/')) return json(200, page([]));
        return undefined;
      },
    });
    expect(await screen.findByText(accessMessages.permissionsFetchFailed)).toBeTruthy();
    expect(screen.getAllByText(accessMessages.permissionsFetchFailed)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Create team' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'API Tokens' })).toBeNull();
  });

  const role = (index: number, realm: Role['realm']): Role => ({
    id: `r-${index}`,
    name: `ROLE_${index}`,
    display_name: `Role ${index}`,
    realm,
    role_group: null,
    is_custom: false,
    permission_list: [],
  });

  it('reads the roles 50 at a time until next is empty and groups them by realm', async () => {
    const { fetchMock } = openStudio('/settings-new/permissions', {
      user: ada,
      routes: (path) => {
        if (!path.startsWith('/api/core/roles/')) return undefined;
        const offset = Number(new URLSearchParams(path.split('?')[1]).get('offset'));
        return offset === 0
          ? json(
              200,
              page(
                Array.from({ length: 50 }, (_, index) => role(index, 'studio_app')),
                52,
                '/api/core/roles/?limit=50&offset=50',
              ),
            )
          : json(200, page([role(50, 'event_app'), role(51, 'content_lab')], 52));
      },
    });
    expect(await screen.findByText('Role 51')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/roles/').map((call) => call.url)).toEqual([
      '/api/core/roles/?limit=50&offset=0',
      '/api/core/roles/?limit=50&offset=50',
    ]);
    expect(within(screen.getByRole('region', { name: 'Studio' })).getAllByRole('row')).toHaveLength(50);
    expect(within(screen.getByRole('region', { name: 'Events (staff)' })).getByText('Role 50')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Your permissions' })).getByText('All permissions'),
    ).toBeTruthy();
  });

  it("shows the roles' and permissions' labels, never their codes", async () => {
    const editor = member('BRAND_EDITOR', ['event:read', 'branding:update']);
    openStudio('/settings-new/permissions', {
      user: editor.user,
      permissions: editor.permissions,
      routes: (path) =>
        path.startsWith('/api/core/roles/')
          ? json(
              200,
              page([
                {
                  ...role(1, 'studio_app'),
                  name: 'BRAND_EDITOR',
                  display_name: 'Brand Editor',
                  permission_list: ['*:*'],
                },
                {
                  ...role(2, 'event_app'),
                  name: 'FullAccess',
                  display_name: 'Full Access',
                  permission_list: ['stage:join'],
                },
              ]),
            )
          : undefined,
    });
    const mine = await screen.findByRole('region', { name: 'Your permissions' });
    expect(await within(mine).findByText('Edit branding')).toBeTruthy();
    expect(within(mine).getByText('Role: Brand Editor')).toBeTruthy();
    expect(await screen.findByText('Full Access')).toBeTruthy();
    expect(screen.getByText('All permissions')).toBeTruthy();
    expect(screen.getByText('Join the stage')).toBeTruthy();
    for (const code of ['BRAND_EDITOR', 'FullAccess', '*:*', 'stage:join', 'branding:update'])
      expect(screen.queryByText(code, { exact: false }), code).toBeNull();
  });

  it("says 'Error fetching user roles' when the roles cannot be read", async () => {
    openStudio('/settings-new/permissions', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/core/roles/') ? json(403, { code: 'FORBIDDEN', message: 'x' }) : undefined,
    });
    expect((await screen.findAllByText(accessMessages.rolesFetchFailed)).length).toBeGreaterThan(0);
  });
});
