import { accessMessages, type CurrentUser, type OrganizationDetail, type Role } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acme, ada, json, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const typist = () => userEvent.setup({ delay: null });
const withFlags = (flags: Partial<OrganizationDetail['feature_flags']>): OrganizationDetail => ({
  ...acme,
  feature_flags: { ...acme.feature_flags, ...flags },
});
const customRolesOn = withFlags({ isCustomRolesEnabled: true });

const fullAccess: Role = {
  id: 'r-full',
  name: 'FullAccess',
  display_name: 'Full Access',
  realm: 'event_app',
  role_group: 'Speaker Roles',
  is_custom: false,
  permission_list: ['stage:join'],
};
const moderator: Role = {
  id: 'r-mod',
  name: 'custom:1',
  display_name: 'Moderator',
  realm: 'event_app',
  role_group: 'Speaker Roles',
  is_custom: true,
  permission_list: ['chat:moderate', 'qna:moderate'],
};

/** The server's 409 on a role name the organisation already uses (its field error included). */
const nameTaken = () =>
  json(409, {
    code: 'ROLE_NAME_TAKEN',
    message: accessMessages.customRoleNameTaken,
    errors: { display_name: [accessMessages.customRoleNameTaken] },
  });

/**
 * The roles calls over a list the test can watch; `deleteRefused` answers 409 as the server does,
 * and so does a create or rename to a name already listed (any case, surrounding spaces ignored).
 */
function rolesServer(initial: Role[], options: { deleteRefused?: string; pending?: boolean } = {}) {
  let roles = [...initial];
  const taken = (name: string | undefined, id?: string) =>
    name !== undefined &&
    roles.some(
      (role) => role.id !== id && role.display_name.trim().toLowerCase() === name.trim().toLowerCase(),
    );
  return (path: string, init: RequestInit): Response | Promise<Response> | undefined => {
    if (path.startsWith('/api/core/roles/') && init.method === 'GET') {
      return options.pending ? new Promise<Response>(() => undefined) : page(roles);
    }
    if (path === '/api/core/roles/' && init.method === 'POST') {
      if (taken((JSON.parse(init.body as string) as Role).display_name)) return nameTaken();
      const body = JSON.parse(init.body as string) as Role;
      const created = { ...body, id: 'r-new', name: 'custom:2', is_custom: true };
      roles = [...roles, created];
      return json(201, created);
    }
    const id = /^\/api\/core\/roles\/([^/]+)\/$/.exec(path)?.[1];
    if (id && init.method === 'PATCH') {
      const changes = JSON.parse(init.body as string) as Partial<Role>;
      if (taken(changes.display_name, id)) return nameTaken();
      roles = roles.map((role) => (role.id === id ? { ...role, ...changes } : role));
      return json(
        200,
        roles.find((role) => role.id === id),
      );
    }
    if (id && init.method === 'DELETE') {
      if (options.deleteRefused) return json(409, { code: 'ROLE_IN_USE', message: options.deleteRefused });
      roles = roles.filter((role) => role.id !== id);
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
}

const openPermissions = (
  roles: ReturnType<typeof rolesServer>,
  organization = customRolesOn,
  user: CurrentUser = ada,
  permissions?: (path: string) => Response | undefined,
) =>
  openStudio('/settings-new/permissions', {
    user,
    organization,
    routes: (path, init) => permissions?.(path) ?? roles(path, init),
  });

describe('Settings › Permissions: custom roles', () => {
  it('creates a role with a name, a group and permissions in words, never codes', async () => {
    const { fetchMock } = openPermissions(rolesServer([fullAccess]));
    const user = typist();
    const card = await screen.findByRole('region', { name: 'Custom roles' });
    expect(await within(card).findByText('No custom roles yet.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Create role' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Host');
    await user.click(within(dialog).getByRole('radio', { name: 'Staff (producers and coordinators)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Moderate the chat' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Run polls' }));
    expect(within(dialog).queryByText('chat:moderate', { exact: false })).toBeNull();
    // Studio permissions mean nothing in an event: not offered.
    expect(within(dialog).queryByRole('checkbox', { name: 'Manage users' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(accessMessages.customRoleCreated)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/roles/').find((call) => call.method === 'POST')?.body).toEqual({
      display_name: 'Host',
      realm: 'event_app',
      role_group: 'Staff Roles',
      permission_list: ['chat:moderate', 'poll:manage'],
    });
    const row = (await within(card).findByRole('cell', { name: 'Host' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Moderate the chat, Run polls')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create role' })).toBeNull();
  });

  it('asks for at least one permission before sending anything', async () => {
    const { fetchMock } = openPermissions(rolesServer([]));
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Host');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(accessMessages.customRolePermissionsRequired)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/roles/').filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('edits a role’s name and permissions; its group stays', async () => {
    const { fetchMock } = openPermissions(rolesServer([fullAccess, moderator]));
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Edit Moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Moderator' });
    expect(within(dialog).getByRole('checkbox', { name: 'Moderate Q&A' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Speakers' })).toHaveProperty('disabled', true);
    const name = within(dialog).getByRole('textbox', { name: 'Role name' });
    await user.clear(name);
    await user.type(name, 'Q&A lead');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Moderate the chat' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(accessMessages.customRoleSaved)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/roles/r-mod/')).toEqual([
      {
        url: '/api/core/roles/r-mod/',
        method: 'PATCH',
        body: { display_name: 'Q&A lead', permission_list: ['qna:moderate'] },
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'Q&A lead' })).toBeTruthy();
  });

  it('shows the server’s refusal of a name already used on the name field, and stays open', async () => {
    const { fetchMock } = openPermissions(rolesServer([fullAccess, moderator]));
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create role' });
    const name = within(dialog).getByRole('textbox', { name: 'Role name' });
    await user.type(name, ' moderator ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Run polls' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText(accessMessages.customRoleNameTaken)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(name.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toBe(accessMessages.customRoleNameTaken);
    expect(screen.getByRole('dialog', { name: 'Create role' })).toBeTruthy();
    expect(screen.queryByText(accessMessages.customRoleCreated)).toBeNull();
    expect(callsTo(fetchMock, '/api/core/roles/').filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the refusal of a rename to a name already used on the name field', async () => {
    const host: Role = { ...moderator, id: 'r-host', name: 'custom:3', display_name: 'Host' };
    openPermissions(rolesServer([moderator, host]));
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Edit Host' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Host' });
    const name = within(dialog).getByRole('textbox', { name: 'Role name' });
    await user.clear(name);
    await user.type(name, 'MODERATOR');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(accessMessages.customRoleNameTaken)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('cell', { name: 'Host' })).toBeTruthy();
  });

  it("deletes a role after 'Are you sure?'", async () => {
    const { fetchMock } = openPermissions(rolesServer([fullAccess, moderator]));
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Delete Moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('The role Moderator will be deleted.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(accessMessages.customRoleDeleted)).toBeTruthy();
    expect(await screen.findByText('No custom roles yet.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/roles/r-mod/').map((call) => call.method)).toEqual(['DELETE']);
  });

  it('says how many hold a role the server will not delete, and keeps it', async () => {
    const refusal = accessMessages.customRoleInUse(2, 0);
    openPermissions(rolesServer([moderator], { deleteRefused: refusal }));
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Delete Moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Moderator' })).toBeTruthy();
  });

  it('shows a loading state while the roles load', async () => {
    openPermissions(rolesServer([], { pending: true }));
    const card = await screen.findByRole('region', { name: 'Custom roles' });
    expect(within(card).getByLabelText('Loading custom roles')).toBeTruthy();
  });

  it('is not there while the switches are off', async () => {
    openPermissions(rolesServer([fullAccess]), acme);
    expect(await screen.findByText('Full Access')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Custom roles' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create role' })).toBeNull();
  });

  it('offers speaker roles only with custom speaker roles alone', async () => {
    openPermissions(rolesServer([]), withFlags({ isCustomSpeakerRolesEnabled: true }));
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create role' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Speaker Roles']);
  });

  it('shows members without user:manage the custom roles, without the buttons', async () => {
    const editor: CurrentUser = { ...ada, id: 'user-5', role: 'EVENT_EDITOR', is_admin: false };
    openPermissions(rolesServer([fullAccess, moderator]), customRolesOn, editor, (path) =>
      path === '/api/core/permissions/'
        ? json(200, [
            {
              realm: 'studio_app',
              requester_id: 'user-5',
              organization: acme.id,
              role: 'EVENT_EDITOR',
              permission_list: ['event:read'],
            },
          ])
        : undefined,
    );
    const card = await screen.findByRole('region', { name: 'Custom roles' });
    expect(await within(card).findByText('Moderator')).toBeTruthy();
    // Once their permissions have arrived, still no buttons.
    expect(await screen.findByText('See events')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    // Built-in roles stay in their realm's table; custom ones are listed once.
    expect(screen.getAllByText('Moderator')).toHaveLength(1);
  });
});
