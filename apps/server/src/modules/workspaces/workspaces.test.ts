import { describe, expect, it } from 'vitest';
import type { CurrentUser, Page, Workspace, WorkspaceMember } from '@studio/domain';
import { bearer } from '../../../test/harness.ts';
import { newAdmin, newMember, newWorkspace } from '../access/access.fixtures.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const publicUrl = 'http://studio.test';
const anyString = expect.any(String) as unknown;
const studio = fileStudio({ publicUrl });

const call = (access: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  studio.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });
const list = async (access: string, query = '') => {
  const response = await call(access, 'GET', `/api/core/workspaces/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Workspace>>();
};
const names = (page: Page<Workspace>) => page.results.map((workspace) => workspace.name);

describe('workspaces', () => {
  it('creates, reads, renames and deletes a workspace', async () => {
    const admin = await newAdmin(studio);
    const created = await call(admin.access, 'POST', '/api/core/workspaces/', { name: '  Marketing  ' });
    expect(created.statusCode).toBe(201);
    const workspace = created.json<Workspace>();
    expect(workspace).toEqual({
      id: anyString,
      name: 'Marketing',
      organization: admin.organization.id,
      created_at: anyString,
      members_count: 0,
    });
    expect((await call(admin.access, 'GET', `/api/core/workspaces/${workspace.id}/`)).json()).toEqual(
      workspace,
    );

    const renamed = await call(admin.access, 'PATCH', `/api/core/workspaces/${workspace.id}/`, {
      name: 'Field Marketing',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Workspace>().name).toBe('Field Marketing');

    const deleted = await call(admin.access, 'DELETE', `/api/core/workspaces/${workspace.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call(admin.access, 'GET', `/api/core/workspaces/${workspace.id}/`)).statusCode).toBe(404);
    expect((await call(admin.access, 'DELETE', `/api/core/workspaces/${workspace.id}/`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a duplicate name in the organisation (any case) but allows it in another', async () => {
    const admin = await newAdmin(studio);
    await newWorkspace(studio, admin.access, 'Sales');
    const other = await newWorkspace(studio, admin.access, 'Support');
    for (const [method, url] of [
      ['POST', '/api/core/workspaces/'],
      ['PATCH', `/api/core/workspaces/${other.id}/`],
    ] as const) {
      const duplicate = await call(admin.access, method, url, { name: 'sALES' });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({
        code: 'WORKSPACE_NAME_TAKEN',
        message: 'A team with this name already exists in your organization.',
        errors: { name: ['A team with this name already exists in your organization.'] },
      });
    }
    const elsewhere = await newAdmin(studio);
    expect(
      (await call(elsewhere.access, 'POST', '/api/core/workspaces/', { name: 'Sales' })).statusCode,
    ).toBe(201);
    const blank = await call(admin.access, 'POST', '/api/core/workspaces/', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { name: ['This field is required.'] },
    });
    const long = await call(admin.access, 'POST', '/api/core/workspaces/', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
  });

  it('lists with search, ordering and absolute paging links', async () => {
    const admin = await newAdmin(studio);
    for (const name of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo 100%'])
      await newWorkspace(studio, admin.access, name);
    const byName = await list(admin.access, `?organization=${admin.organization.id}&show=all&ordering=name`);
    expect(names(byName)).toEqual(['alpha', 'bravo', 'Charlie', 'Delta', 'Echo 100%']);
    expect(byName).toMatchObject({ count: 5, next: null, previous: null });
    expect(names(await list(admin.access, '?ordering=-name'))).toEqual([
      'Echo 100%',
      'Delta',
      'Charlie',
      'bravo',
      'alpha',
    ]);
    expect(names(await list(admin.access, '?ordering=created_at'))).toEqual([
      'Delta',
      'alpha',
      'Charlie',
      'bravo',
      'Echo 100%',
    ]);
    expect(names(await list(admin.access, '?search=HAR'))).toEqual(['Charlie']);
    expect(names(await list(admin.access, '?search=%25'))).toEqual(['Echo 100%']);
    expect(names(await list(admin.access, '?search=_'))).toEqual([]);

    const first = await list(admin.access, '?ordering=name&limit=2');
    expect(names(first)).toEqual(['alpha', 'bravo']);
    expect(first.next).toBe(`${publicUrl}/api/core/workspaces/?ordering=name&limit=2&offset=2`);
    expect(first.previous).toBeNull();
    const last = await list(admin.access, '?ordering=name&limit=2&offset=4');
    expect(names(last)).toEqual(['Echo 100%']);
    expect(last.next).toBeNull();
    expect(last.previous).toBe(`${publicUrl}/api/core/workspaces/?ordering=name&limit=2&offset=2`);

    const badOrdering = await call(admin.access, 'GET', '/api/core/workspaces/?ordering=members_count');
    expect(badOrdering.statusCode).toBe(400);
  });

  it('answers 404 for a list filtered by another organisation', async () => {
    const admin = await newAdmin(studio);
    const other = await newAdmin(studio);
    expect(
      (await call(admin.access, 'GET', `/api/core/workspaces/?organization=${other.organization.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('shows a person their own workspaces with show=mine; team admins and plain members only ever see theirs', async () => {
    const admin = await newAdmin(studio);
    const org = admin.organization.id;
    const teamAdmin = await newMember(studio, org, 'WORKSPACE_ADMIN');
    const plain = await newMember(studio, org, null);
    const editor = await newMember(studio, org, 'EVENT_EDITOR');
    await newWorkspace(studio, admin.access, 'Blue', [teamAdmin.userId, admin.userId]);
    await newWorkspace(studio, admin.access, 'Green', [plain.userId]);
    await newWorkspace(studio, admin.access, 'Red');

    expect(names(await list(admin.access, '?show=all'))).toEqual(['Blue', 'Green', 'Red']);
    expect(names(await list(admin.access, '?show=mine'))).toEqual(['Blue']);
    expect(names(await list(teamAdmin.access, '?show=all'))).toEqual(['Blue']);
    expect(names(await list(teamAdmin.access, '?show=mine'))).toEqual(['Blue']);
    expect(names(await list(plain.access, ''))).toEqual(['Green']);
    expect(names(await list(editor.access, '?show=all'))).toEqual(['Blue', 'Green', 'Red']);
    expect(names(await list(editor.access, '?show=mine'))).toEqual([]);

    const red = (await list(admin.access, '?search=Red')).results[0]!;
    expect((await call(teamAdmin.access, 'GET', `/api/core/workspaces/${red.id}/`)).statusCode).toBe(404);
    expect((await call(teamAdmin.access, 'GET', `/api/core/workspaces/${red.id}/members/`)).statusCode).toBe(
      404,
    );
  });

  it('lets only organisation admins manage workspaces', async () => {
    const admin = await newAdmin(studio);
    const teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
    const eventAdmin = await newMember(studio, admin.organization.id, 'EVENT_ADMIN');
    const workspace = await newWorkspace(studio, admin.access, 'Ops', [teamAdmin.userId]);
    for (const person of [teamAdmin, eventAdmin]) {
      for (const [method, url, payload] of [
        ['POST', '/api/core/workspaces/', { name: 'Mine now' }],
        ['PATCH', `/api/core/workspaces/${workspace.id}/`, { name: 'Mine now' }],
        ['DELETE', `/api/core/workspaces/${workspace.id}/`, undefined],
        ['POST', `/api/core/workspaces/${workspace.id}/members/`, { user_id: person.userId }],
        ['DELETE', `/api/core/workspaces/${workspace.id}/members/${teamAdmin.userId}/`, undefined],
      ] as const) {
        const response = await call(person.access, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(names(await list(admin.access))).toEqual(['Ops']);
    expect((await list(admin.access)).results[0]!.members_count).toBe(1);
  });
});

describe('workspace members', () => {
  it('adds people of the organisation, lists them, and removes them', async () => {
    const admin = await newAdmin(studio);
    const org = admin.organization.id;
    const zoe = await newMember(studio, org, 'WORKSPACE_ADMIN');
    await studio.database.db
      .updateTable('users')
      .set({ first_name: 'Zoe' })
      .where('id', '=', zoe.userId)
      .execute();
    const workspace = await newWorkspace(studio, admin.access, 'Events team');

    const added = await call(admin.access, 'POST', `/api/core/workspaces/${workspace.id}/members/`, {
      user_id: zoe.userId,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json<WorkspaceMember>()).toEqual({
      id: zoe.userId,
      email: zoe.user.email,
      first_name: 'Zoe',
      last_name: 'Lovelace',
      role: 'WORKSPACE_ADMIN',
      added_at: anyString,
    });
    const again = await call(admin.access, 'POST', `/api/core/workspaces/${workspace.id}/members/`, {
      user_id: zoe.userId,
    });
    expect(again.statusCode).toBe(201);
    await call(admin.access, 'POST', `/api/core/workspaces/${workspace.id}/members/`, {
      user_id: admin.userId,
    });

    const members = await call(admin.access, 'GET', `/api/core/workspaces/${workspace.id}/members/`);
    expect(members.statusCode).toBe(200);
    const page = members.json<Page<WorkspaceMember>>();
    expect(page.count).toBe(2);
    expect(page.results.map((member) => member.first_name)).toEqual(['Ada', 'Zoe']);
    expect(
      (await call(admin.access, 'GET', `/api/core/workspaces/${workspace.id}/`)).json<Workspace>()
        .members_count,
    ).toBe(2);

    // The member sees the workspace on their current user.
    const me = await call(zoe.access, 'GET', '/api/core/user/me/');
    expect(me.json<CurrentUser>().workspaces).toEqual([{ id: workspace.id, name: 'Events team' }]);

    const removed = await call(
      admin.access,
      'DELETE',
      `/api/core/workspaces/${workspace.id}/members/${zoe.userId}/`,
    );
    expect(removed.statusCode).toBe(204);
    expect(
      (await call(admin.access, 'DELETE', `/api/core/workspaces/${workspace.id}/members/${zoe.userId}/`))
        .statusCode,
    ).toBe(404);
    expect((await call(zoe.access, 'GET', '/api/core/user/me/')).json<CurrentUser>().workspaces).toEqual([]);
  });

  it('refuses a person of another organisation, an unknown id and a malformed id with 400', async () => {
    const admin = await newAdmin(studio);
    const stranger = await newAdmin(studio, 'Elsewhere');
    const workspace = await newWorkspace(studio, admin.access, 'Closed');
    for (const userId of [stranger.userId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await call(admin.access, 'POST', `/api/core/workspaces/${workspace.id}/members/`, {
        user_id: userId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'USER_NOT_IN_ORGANIZATION',
        errors: { user_id: ['This user is not a member of your organization.'] },
      });
      expect(response.body).not.toContain(stranger.user.email);
    }
    expect(
      (await call(admin.access, 'GET', `/api/core/workspaces/${workspace.id}/`)).json<Workspace>()
        .members_count,
    ).toBe(0);
  });

  it('drops a person who left the organisation from its workspaces', async () => {
    const admin = await newAdmin(studio);
    const leaver = await newMember(studio, admin.organization.id, null);
    const workspace = await newWorkspace(studio, admin.access, 'Transient', [leaver.userId]);
    const elsewhere = await newAdmin(studio, 'New home');
    await studio.database.db
      .updateTable('users')
      .set({ organization_id: elsewhere.organization.id })
      .where('id', '=', leaver.userId)
      .execute();
    const members = (await call(admin.access, 'GET', `/api/core/workspaces/${workspace.id}/members/`)).json<
      Page<WorkspaceMember>
    >();
    expect(members.count).toBe(0);
    expect((await call(leaver.access, 'GET', '/api/core/user/me/')).json<CurrentUser>().workspaces).toEqual(
      [],
    );
  });

  it('pages members', async () => {
    const admin = await newAdmin(studio);
    const people = [];
    for (let i = 0; i < 3; i += 1) people.push(await newMember(studio, admin.organization.id, null));
    const workspace = await newWorkspace(
      studio,
      admin.access,
      'Paged',
      people.map((person) => person.userId),
    );
    const first = (
      await call(admin.access, 'GET', `/api/core/workspaces/${workspace.id}/members/?limit=2`)
    ).json<Page<WorkspaceMember>>();
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe(`${publicUrl}/api/core/workspaces/${workspace.id}/members/?limit=2&offset=2`);
  });
});
