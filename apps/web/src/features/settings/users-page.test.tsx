import { ROLE_CATALOGUE, userMessages, type CurrentUser, type OrganizationUser } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acme, ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';
import { chooseOption, openOptionList } from '../../testing/option-list.ts';

/** The options a select offers. */
async function optionsOf(user: ReturnType<typeof typist>, input: HTMLElement) {
  const listbox = await openOptionList(user, input);
  await within(listbox).findAllByRole('option', { hidden: true });
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((element) => element.textContent);
}

const typist = () => userEvent.setup({ delay: null });
const page = <T,>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });
const badgeOf = (label: HTMLElement) => label.closest('.mantine-Badge-root') as HTMLElement;
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1]));

const person = (index: number, overrides: Partial<OrganizationUser> = {}): OrganizationUser => ({
  id: `user-${index + 100}`,
  email: `person${index}@acme.test`,
  first_name: `Person`,
  last_name: String(index).padStart(2, '0'),
  role: 'EVENT_EDITOR',
  role_display: 'Event Editor',
  company: null,
  title: null,
  profile_picture_url: null,
  linkedin_url: null,
  twitter_url: null,
  workspaces: [],
  status: 'CONFIRMED',
  member_status: 'ACTIVE',
  email_verified: true,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

const adaRow: OrganizationUser = person(0, {
  id: ada.id,
  email: ada.email,
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'ORG_ADMIN',
  role_display: 'Organization Admin',
});

const roles = ROLE_CATALOGUE.map(({ id, name, display_name, realm }) => ({
  id,
  name,
  display_name,
  realm,
  role_group: null,
  is_custom: false,
  permission_list: [],
}));

/** The users API of one organisation: list (with search, role, paging), roles, create, update, delete. */
function usersApi(
  options: { people?: OrganizationUser[]; createFails?: object; teams?: { id: string; name: string }[] } = {},
) {
  let people = options.people ?? [adaRow, person(1, { member_status: 'INVITED', title: 'Producer' })];
  return (path: string, init: RequestInit): Response | undefined => {
    if (path.startsWith('/api/core/roles/')) return json(200, page(roles));
    if (path.startsWith('/api/core/workspaces/') && init.method === 'GET') {
      const teams = options.teams ?? [];
      return json(
        200,
        page(
          teams.map((team) => ({
            ...team,
            organization: acme.id,
            created_at: '2026-11-20T10:00:00Z',
            members_count: 0,
          })),
        ),
      );
    }
    if (path.startsWith('/api/core/users/')) {
      const { search = '', role, limit = '20', offset = '0' } = query(path);
      const matching = people.filter(
        (candidate) =>
          `${candidate.first_name} ${candidate.last_name} ${candidate.email}`
            .toLowerCase()
            .includes(search.toLowerCase()) &&
          (!role || (role === 'none' ? candidate.role === null : candidate.role === role)),
      );
      return json(200, page(matching.slice(Number(offset), Number(offset) + Number(limit)), matching.length));
    }
    if (path === '/api/core/user/' && init.method === 'POST') {
      if (options.createFails) return json(400, options.createFails);
      const body = JSON.parse(init.body as string) as Record<string, string>;
      const created = person(90, {
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        role: body.role ?? null,
      });
      people = [...people, created];
      return json(201, { ...created, organization: acme.id, extra_data: {} });
    }
    const one = /^\/api\/core\/user\/([^/]+)\/$/.exec(path);
    if (one && init.method === 'PATCH') {
      const body = JSON.parse(init.body as string) as Partial<OrganizationUser>;
      people = people.map((candidate) => (candidate.id === one[1] ? { ...candidate, ...body } : candidate));
      return json(200, { ...people.find((candidate) => candidate.id === one[1]), organization: acme.id });
    }
    if (one && init.method === 'DELETE') {
      people = people.filter((candidate) => candidate.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
}

describe('Settings → Users', { timeout: 20_000 }, () => {
  it('lists people by server pages of 20, pages only beyond 20, searches and filters by role on the server', async () => {
    const people = [
      adaRow,
      ...Array.from({ length: 22 }, (_, index) => person(index + 1)),
      person(40, { first_name: 'Zed', role: null, role_display: null }),
    ];
    const { fetchMock } = openStudio('/settings-new/users', { user: ada, routes: usersApi({ people }) });
    const user = typist();
    expect(await screen.findByRole('cell', { name: 'ada@example.com' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('cell', { name: 'person40@acme.test' })).toBeTruthy();

    const lists = callsTo(fetchMock, '/api/core/users/').map((call) => query(call.url));
    expect(lists[0]).toEqual({
      organization: acme.id,
      workspaces: 'all',
      ordering: 'first_name',
      limit: '20',
      offset: '0',
    });
    expect(lists.some((list) => list.offset === '20')).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'person3@');
    expect(await screen.findByRole('cell', { name: 'person3@acme.test' }, { timeout: 2000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull());
    expect(callsTo(fetchMock, '/api/core/users/').some((call) => query(call.url).search === 'person3@')).toBe(
      true,
    );

    await user.clear(screen.getByRole('textbox', { name: 'Search users' }));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Role' }), 'No role');
    expect(await screen.findByRole('cell', { name: 'person40@acme.test' }, { timeout: 2000 })).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(callsTo(fetchMock, '/api/core/users/').some((call) => query(call.url).role === 'none')).toBe(true);
  });

  it('gives the search box and the role the whole width on a phone (not "Search by nam")', async () => {
    onPhone();
    try {
      openStudio('/settings-new/users', { user: ada, routes: usersApi({ people: [adaRow] }) });
      const search = await screen.findByRole('textbox', { name: 'Search users' });
      const widthOf = (field: HTMLElement) =>
        field.closest<HTMLElement>('.mantine-InputWrapper-root')?.style.width;
      expect(widthOf(search)).toBe('100%');
      expect(widthOf(screen.getByRole('combobox', { name: 'Role' }))).toBe('100%');
    } finally {
      onWideScreen();
    }
  });

  it('shows status and role, and hides every action from a member without user:manage', async () => {
    const teamAdmin: CurrentUser = {
      ...ada,
      id: 'user-5',
      role: 'WORKSPACE_ADMIN',
      is_admin: false,
      workspaces: [{ id: 'w-1', name: 'Team' }],
    };
    const api = usersApi();
    openStudio('/settings-new/users', {
      user: teamAdmin,
      routes: (path, init) =>
        path === '/api/core/permissions/'
          ? json(200, [
              {
                realm: 'studio_app',
                requester_id: 'user-5',
                organization: acme.id,
                role: 'WORKSPACE_ADMIN',
                permission_list: ['user:read'],
              },
            ])
          : api(path, init),
    });
    const row = (await screen.findByRole('cell', { name: 'person1@acme.test' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Invited')).toBeTruthy();
    // Never squeezed to "Invit…" by a narrow column.
    expect(badgeOf(within(row).getByText('Invited')).style.minWidth).toBe('max-content');
    const adaRowCells = screen.getByRole('cell', { name: ada.email }).closest('tr') as HTMLElement;
    expect(within(adaRowCells).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Event Editor')).toBeTruthy();
    expect(within(row).getByText('Producer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('offers no removal of oneself', async () => {
    openStudio('/settings-new/users', { user: ada, routes: usersApi() });
    const mine = (await screen.findByRole('cell', { name: ada.email })).closest('tr') as HTMLElement;
    const theirs = screen.getByRole('cell', { name: 'person1@acme.test' }).closest('tr') as HTMLElement;
    expect(within(mine).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(badgeOf(within(mine).getByText('You')).style.minWidth).toBe('max-content');
    expect(within(theirs).getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it("removes a member after 'Are you sure?' and says so", async () => {
    const { fetchMock } = openStudio('/settings-new/users', { user: ada, routes: usersApi() });
    const user = typist();
    const row = (await screen.findByRole('cell', { name: 'person1@acme.test' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText('Person 01 will be removed from the organization and signed out everywhere.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(userMessages.userRemoved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'person1@acme.test' })).toBeNull());
    expect(callsTo(fetchMock, '/api/core/user/user-101/').map((call) => call.method)).toEqual(['DELETE']);
  });
});

describe('the invite dialog', { timeout: 20_000 }, () => {
  const openInvite = async (options: Parameters<typeof usersApi>[0] = {}, workspacesEnabled = false) => {
    const result = openStudio('/settings-new/users', {
      user: ada,
      organization: { ...acme, is_workspace_enabled: workspacesEnabled },
      routes: usersApi(options),
    });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    return { ...result, user, dialog };
  };

  it('asks for email, names and role before sending anything', async () => {
    const { fetchMock, user, dialog } = await openInvite();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3);
    expect(callsTo(fetchMock, '/api/core/user/')).toEqual([]);
    expect(within(dialog).queryByRole('combobox', { name: 'Teams' })).toBeNull();
  });

  it('invites with a temporary password by default, with the role chosen from the roles list', async () => {
    const { fetchMock, user, dialog } = await openInvite();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'grace@acme.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Admiral');
    // Event staff roles (Producer, Coordinator) are not organisation roles.
    expect(await optionsOf(user, within(dialog).getByRole('combobox', { name: 'Role' }))).toEqual([
      'Organization Admin',
      'Team Admin',
      'Event Admin',
      'Event Editor',
      'Brand Editor',
      'Integrations Editor',
      'Content Lab Editor',
    ]);
    await user.keyboard('{Escape}');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Role' }), 'Event Admin');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Temporary password/ }).checked).toBe(
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText(userMessages.userInvited)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/user/').find((call) => call.method === 'POST')?.body).toEqual({
      organization: acme.id,
      email: 'grace@acme.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      title: 'Admiral',
      company: '',
      role: 'EVENT_ADMIN',
      is_magic: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).toBeNull());
    expect(await screen.findByRole('cell', { name: 'grace@acme.test' })).toBeTruthy();
  });

  it('sends a magic link instead, with the teams chosen when teams are on', async () => {
    const teams = [
      { id: 'w-1', name: 'Marketing' },
      { id: 'w-2', name: 'Sales' },
    ];
    const { fetchMock, user, dialog } = await openInvite({ teams }, true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'alan@acme.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Alan');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Turing');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Role' }), 'Team Admin');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Teams' }), 'Sales');
    await user.click(within(dialog).getByRole('radio', { name: /Send a magic link/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText(userMessages.userInvited)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/user/').find((call) => call.method === 'POST')?.body).toMatchObject({
      email: 'alan@acme.test',
      role: 'WORKSPACE_ADMIN',
      workspaces: ['w-2'],
      is_magic: true,
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    const { user, dialog } = await openInvite({
      createFails: {
        code: 'USER_ALREADY_EXISTS',
        message: userMessages.userAlreadyExists,
        errors: { email: [userMessages.userAlreadyExists] },
      },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Again');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Role' }), 'Event Editor');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText(userMessages.userAlreadyExists)).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeTruthy();
  });
});

describe('the edit dialog', { timeout: 20_000 }, () => {
  it("sends only what changed, and offers no change of one's own role", async () => {
    const teams = [{ id: 'w-1', name: 'Marketing' }];
    const { fetchMock } = openStudio('/settings-new/users', {
      user: ada,
      organization: { ...acme, is_workspace_enabled: true },
      routes: usersApi({ teams }),
    });
    const user = typist();
    const row = (await screen.findByRole('cell', { name: 'person1@acme.test' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person 01' });
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Role' }), 'Brand Editor');
    await user.click(save);
    expect(await screen.findByText(userMessages.userUpdated)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/user/user-101/').map((call) => [call.method, call.body])).toEqual([
      ['PATCH', { role: 'BRAND_EDITOR' }],
    ]);

    const mine = screen.getByRole('cell', { name: ada.email }).closest('tr') as HTMLElement;
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const own = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    expect(within(own).getByRole<HTMLInputElement>('combobox', { name: 'Role' }).disabled).toBe(true);
    expect(within(own).getByText(userMessages.cannotChangeOwnRole)).toBeTruthy();
  });
});

describe('Preferences → Your profile', { timeout: 20_000 }, () => {
  it('saves only the changed fields and refuses a bad URL before sending', async () => {
    const { fetchMock } = openStudio('/settings-new/preferences', {
      user: { ...ada, title: 'Countess', linkedin_url: null },
      routes: (path, init) =>
        path === '/api/core/user/me/' && init.method === 'PATCH'
          ? json(200, { ...ada, title: 'Countess', ...(JSON.parse(init.body as string) as object) })
          : undefined,
    });
    const user = typist();
    const card = await screen.findByRole('form', { name: 'Your profile' });
    const save = within(card).getByRole<HTMLButtonElement>('button', { name: 'Save profile' });
    expect(within(card).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Countess');
    expect(save.disabled).toBe(true);

    await user.type(within(card).getByRole('textbox', { name: 'LinkedIn URL' }), 'linkedin.com/in/ada');
    await user.click(save);
    expect(within(card).getByText(userMessages.invalidUrl)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/user/me/').filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.clear(within(card).getByRole('textbox', { name: 'LinkedIn URL' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'LinkedIn URL' }),
      'https://linkedin.com/in/ada',
    );
    await user.clear(within(card).getByRole('textbox', { name: 'Company' }));
    await user.type(within(card).getByRole('textbox', { name: 'Company' }), 'Engines');
    await user.click(save);
    expect(await screen.findByText(userMessages.profileSaved)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/user/me/').find((call) => call.method === 'PATCH')?.body).toEqual({
      company: 'Engines',
      linkedin_url: 'https://linkedin.com/in/ada',
    });
    await waitFor(() => expect(save.disabled).toBe(true));
  });
});
