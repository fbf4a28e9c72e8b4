import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CurrentUser,
  LoginResponse,
  OrganizationUser,
  OrganizationUserDetail,
  Page,
  Workspace,
  WorkspaceMember,
} from '@studio/domain';
import { bearer, newUser } from '../../../test/harness.ts';
import { fileMailCatcher, fileStudio } from '../../../test/file-studio.ts';
import type { CaughtMail } from '../../../test/mail-catcher.ts';
import { newAdmin, newMember, newWorkspace } from '../access/access.fixtures.ts';
import { magicLinkIn } from '../auth/sign-in.fixtures.ts';

const publicUrl = 'http://studio.test';
const catcher = fileMailCatcher();
const studio = fileStudio(() => ({ publicUrl, smtpUrl: catcher.url }));

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (access: string | null, method: Method, url: string, payload?: object) =>
  studio.app.inject({ method, url, headers: access ? bearer(access) : {}, ...(payload ? { payload } : {}) });
const login = (email: string, password: string) =>
  studio.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
const list = async (access: string, query = '') => {
  const response = await call(access, 'GET', `/api/core/users/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<OrganizationUser>>();
};
const firstNames = (page: Page<OrganizationUser>) => page.results.map((user) => user.first_name);
const temporaryPasswordIn = (mail: CaughtMail) => /^(\S{14})$/m.exec(mail.text)?.[1] ?? '';

let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}-${(sequence += 1)}@users.test`;

/** Creates a member through the API as `adminAccess`; answers them with the invitation mail. */
async function invite(adminAccess: string, organizationId: string, body: Record<string, unknown>) {
  const since = catcher.messages.length;
  const response = await call(adminAccess, 'POST', '/api/core/user/', {
    organization: organizationId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  const user = response.json<OrganizationUserDetail>();
  return { user, mail: await catcher.nextTo(user.email, since) };
}

/** Invites with a temporary password and signs the person in with it. */
async function inviteAndSignIn(adminAccess: string, organizationId: string, body: Record<string, unknown>) {
  const { user, mail } = await invite(adminAccess, organizationId, body);
  const session = await login(user.email, temporaryPasswordIn(mail));
  expect(session.statusCode, session.body).toBe(200);
  return {
    user,
    access: session.json<LoginResponse>().access,
    refresh: session.json<LoginResponse>().refresh,
  };
}

/**
 * One organisation of known people (hand-written expectations below):
 * Ada Lovelace (ORG_ADMIN, no team, created first), then Zoe Adams (EVENT_ADMIN), bob Brown
 * (WORKSPACE_ADMIN, Red), Carla Cruz (no role, Red and Blue), Dan Diaz (no role, no team:
 * attendee-only), Eve Evans (BRAND_EDITOR, Blue).
 */
describe('the users list', () => {
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  let red: Workspace;
  let blue: Workspace;
  const people: Record<
    'zoe' | 'bob' | 'carla' | 'dan' | 'eve',
    { user: OrganizationUserDetail; access: string }
  > = {} as never;

  beforeAll(async () => {
    admin = await newAdmin(studio, 'List Org');
    const organizationId = admin.organization.id;
    red = (await newWorkspace(studio, admin.access, 'Red')) as Workspace;
    blue = (await newWorkspace(studio, admin.access, 'Blue')) as Workspace;
    const specs = {
      zoe: { first_name: 'Zoe', last_name: 'Adams', role: 'EVENT_ADMIN', workspaces: [] },
      bob: { first_name: 'bob', last_name: 'Brown', role: 'WORKSPACE_ADMIN', workspaces: [red.id] },
      carla: { first_name: 'Carla', last_name: 'Cruz', workspaces: [red.id, blue.id] },
      dan: { first_name: 'Dan', last_name: 'Diaz' },
      eve: { first_name: 'Eve', last_name: 'Evans', role: 'BRAND_EDITOR', workspaces: [blue.id] },
    };
    for (const [key, spec] of Object.entries(specs)) {
      const { user, access } = await inviteAndSignIn(admin.access, organizationId, {
        email: `${key}-${organizationId.slice(0, 8)}@list.test`,
        ...spec,
      });
      people[key as keyof typeof specs] = { user, access };
    }
    // Creation times one day apart, in the order above.
    const order = [
      admin.userId,
      ...Object.keys(specs).map((key) => people[key as keyof typeof specs].user.id),
    ];
    for (const [index, id] of order.entries()) {
      await studio.database.db
        .updateTable('users')
        .set({ created_at: new Date(Date.UTC(2026, 0, 1 + index)) })
        .where('id', '=', id)
        .execute();
    }
  });

  it('lists the organisation by first name, 20 a page, each with role, teams and status', async () => {
    const page = await list(admin.access, `?organization=${admin.organization.id}&workspaces=all`);
    expect(page.count).toBe(6);
    expect(firstNames(page)).toEqual(['Ada', 'bob', 'Carla', 'Dan', 'Eve', 'Zoe']);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    const bob = page.results[1];
    expect(bob).toEqual({
      id: people.bob.user.id,
      email: people.bob.user.email,
      first_name: 'bob',
      last_name: 'Brown',
      role: 'WORKSPACE_ADMIN',
      role_display: 'Team Admin',
      company: null,
      title: null,
      profile_picture_url: null,
      linkedin_url: null,
      twitter_url: null,
      workspaces: [{ id: red.id, name: 'Red' }],
      status: 'FORCE_CHANGE_PASSWORD',
      member_status: 'ACTIVE',
      email_verified: false,
      created_at: '2026-01-03T00:00:00.000Z',
    });
    expect(page.results[2]?.workspaces.map((team) => team.name)).toEqual(['Blue', 'Red']);
    expect(page.results[3]).toMatchObject({ role: null, role_display: null, workspaces: [] });
    expect(page.results[0]).toMatchObject({
      role: 'ORG_ADMIN',
      role_display: 'Organization Admin',
      status: 'CONFIRMED',
    });
  });

  it('orders by first name (either way), email and creation time (either way)', async () => {
    expect(firstNames(await list(admin.access, '?ordering=-first_name'))).toEqual([
      'Zoe',
      'Eve',
      'Dan',
      'Carla',
      'bob',
      'Ada',
    ]);
    // The admin's address is person…@example.com: between eve@ and zoe@.
    expect(firstNames(await list(admin.access, '?ordering=email'))).toEqual([
      'bob',
      'Carla',
      'Dan',
      'Eve',
      'Ada',
      'Zoe',
    ]);
    expect(firstNames(await list(admin.access, '?ordering=created_at'))).toEqual([
      'Ada',
      'Zoe',
      'bob',
      'Carla',
      'Dan',
      'Eve',
    ]);
    expect(firstNames(await list(admin.access, '?ordering=-created_at'))).toEqual([
      'Eve',
      'Dan',
      'Carla',
      'bob',
      'Zoe',
      'Ada',
    ]);
    expect((await call(admin.access, 'GET', '/api/core/users/?ordering=last_name')).statusCode).toBe(400);
  });

  it('filters by search (name or email), role, team and studio access', async () => {
    expect(firstNames(await list(admin.access, '?search=ar'))).toEqual(['Carla']);
    expect(firstNames(await list(admin.access, '?search=ZOE%20AD'))).toEqual(['Zoe']);
    expect(firstNames(await list(admin.access, '?search=%40list.test'))).toEqual([
      'bob',
      'Carla',
      'Dan',
      'Eve',
      'Zoe',
    ]);
    expect((await list(admin.access, '?search=%25')).count).toBe(0);
    expect(firstNames(await list(admin.access, '?role=WORKSPACE_ADMIN'))).toEqual(['bob']);
    expect(firstNames(await list(admin.access, '?role=none'))).toEqual(['Carla', 'Dan']);
    expect(firstNames(await list(admin.access, `?workspaces=${red.id}`))).toEqual(['bob', 'Carla']);
    expect(firstNames(await list(admin.access, `?workspaces=${blue.id}&role=none`))).toEqual(['Carla']);
    // Dan has neither a role nor a team: no studio access.
    expect(firstNames(await list(admin.access, '?exclude_studioevents_users=true'))).toEqual([
      'Ada',
      'bob',
      'Carla',
      'Eve',
      'Zoe',
    ]);
    expect((await list(admin.access, '?exclude_studioevents_users=false')).count).toBe(6);
    expect((await call(admin.access, 'GET', '/api/core/users/?workspaces=nope')).statusCode).toBe(400);
  });

  it('pages with limit and offset, keeping the other parameters in next and previous', async () => {
    const page = await list(admin.access, '?limit=2&offset=2&exclude_studioevents_users=true');
    expect(page.count).toBe(5);
    expect(firstNames(page)).toEqual(['Carla', 'Eve']);
    expect(page.next).toBe(`${publicUrl}/api/core/users/?limit=2&offset=4&exclude_studioevents_users=true`);
    expect(page.previous).toBe(`${publicUrl}/api/core/users/?limit=2&exclude_studioevents_users=true`);
  });

  it('shows a team admin and other members without workspace:read only the people of their teams', async () => {
    const bobSees = await list(people.bob.access);
    expect(firstNames(bobSees)).toEqual(['bob', 'Carla']);
    // Carla is in Blue too, which bob does not see.
    expect(bobSees.results[1]?.workspaces).toEqual([{ id: red.id, name: 'Red' }]);
    expect((await call(people.bob.access, 'GET', `/api/core/users/?workspaces=${blue.id}`)).statusCode).toBe(
      404,
    );
    expect(firstNames(await list(people.bob.access, `?workspaces=${red.id}`))).toEqual(['bob', 'Carla']);

    expect(firstNames(await list(people.dan.access))).toEqual(['Dan']);
    // An event admin sees every team, so every member; so does a Brand Editor (an organisation role).
    expect((await list(people.zoe.access)).count).toBe(6);
    expect((await list(people.eve.access)).count).toBe(6);
  });

  it('looks a member up by email (any case), within what the caller sees', async () => {
    const found = await call(
      admin.access,
      'GET',
      `/api/core/user/?username=${encodeURIComponent(people.carla.user.email.toUpperCase())}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json<OrganizationUserDetail>()).toMatchObject({
      id: people.carla.user.id,
      organization: admin.organization.id,
      extra_data: {},
    });
    const byTeamAdmin = await call(
      people.bob.access,
      'GET',
      `/api/core/user/?username=${people.carla.user.email}`,
    );
    expect(byTeamAdmin.statusCode).toBe(200);
    expect(byTeamAdmin.json<OrganizationUserDetail>().extra_data).toBeUndefined();
    expect(
      (await call(people.bob.access, 'GET', `/api/core/user/?username=${people.eve.user.email}`)).statusCode,
    ).toBe(404);
    expect((await call(admin.access, 'GET', '/api/core/user/?username=nobody@list.test')).statusCode).toBe(
      404,
    );
    expect((await call(admin.access, 'GET', '/api/core/user/')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/core/user/?username=${people.carla.user.email}`)).statusCode).toBe(
      401,
    );
  });

  it('finds a member by exact email (user__email, any case) within the organisation (002 §7.6)', async () => {
    const email = people.carla.user.email;
    const found = await list(
      admin.access,
      `?user__email=${encodeURIComponent(email.toUpperCase())}&organization=${admin.organization.id}`,
    );
    expect(found.results.map((user) => user.id)).toEqual([people.carla.user.id]);
    // Exact, not a search: a part of the address finds nobody.
    expect((await list(admin.access, `?user__email=${encodeURIComponent(email.slice(1))}`)).count).toBe(0);
    const outsider = await newAdmin(studio, 'Elsewhere');
    expect((await list(outsider.access, `?user__email=${encodeURIComponent(email)}`)).count).toBe(0);
  });

  it('never shows another organisation its people', async () => {
    const outsider = await newAdmin(studio, 'Elsewhere');
    expect(
      (await call(outsider.access, 'GET', `/api/core/users/?organization=${admin.organization.id}`))
        .statusCode,
    ).toBe(404);
    const own = await list(outsider.access);
    expect(own.results.map((user) => user.id)).toEqual([outsider.userId]);
    expect(
      (await call(outsider.access, 'GET', `/api/core/user/?username=${people.carla.user.email}`)).statusCode,
    ).toBe(404);
    const standalone = await newUser(studio.app);
    expect((await call(standalone.access, 'GET', '/api/core/users/')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/core/users/')).statusCode).toBe(401);
  });
});

describe('the default page size', () => {
  it('is 20', async () => {
    const admin = await newAdmin(studio, 'Big Org');
    await studio.database.db
      .insertInto('users')
      .values(
        Array.from({ length: 22 }, (_, index) => ({
          email: uniqueEmail(`bulk${index}`),
          password_hash: null,
          first_name: `Bulk ${String(index).padStart(2, '0')}`,
          last_name: 'Person',
          organization_id: admin.organization.id,
          role: 'EVENT_EDITOR',
        })),
      )
      .execute();
    const first = await list(admin.access);
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe(`${publicUrl}/api/core/users/?limit=20&offset=20`);
    const second = await list(admin.access, '?limit=20&offset=20');
    expect(firstNames(second)).toEqual(['Bulk 19', 'Bulk 20', 'Bulk 21']);
  });
});

describe('creating a user', () => {
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  beforeAll(async () => {
    admin = await newAdmin(studio, 'Invite Org');
  });

  it('with a temporary password: the person signs in with the emailed one and must choose their own', async () => {
    const team = await newWorkspace(studio, admin.access, 'Field');
    const email = uniqueEmail('grace');
    const { user, mail } = await invite(admin.access, admin.organization.id, {
      email: `  ${email.toUpperCase()} `,
      first_name: 'Grace',
      last_name: 'Hopper',
      title: 'Rear Admiral',
      company: 'Navy',
      profile_picture_url: 'https://images.example.com/grace.png',
      linkedin_url: 'https://www.linkedin.com/in/grace',
      twitter_url: 'http://192.168.1.20:8080/grace?tab=posts#top',
      event_id: 'evt-123',
      role: 'EVENT_ADMIN',
      workspaces: [team.id, team.id],
      extra_data: { source: 'conference', badge: 7 },
    });
    expect(user).toEqual({
      id: expect.any(String) as unknown,
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
      role: 'EVENT_ADMIN',
      role_display: 'Event Admin',
      company: 'Navy',
      title: 'Rear Admiral',
      profile_picture_url: 'https://images.example.com/grace.png',
      linkedin_url: 'https://www.linkedin.com/in/grace',
      twitter_url: 'http://192.168.1.20:8080/grace?tab=posts#top',
      workspaces: [{ id: team.id, name: 'Field' }],
      status: 'FORCE_CHANGE_PASSWORD',
      member_status: 'INVITED',
      email_verified: false,
      created_at: expect.any(String) as unknown,
      organization: admin.organization.id,
      extra_data: { source: 'conference', badge: 7 },
    });
    expect(mail.subject).toBe('You have been invited to Event Studio');
    const temporary = temporaryPasswordIn(mail);
    expect(temporary).not.toBe('');

    const session = await login(email, temporary);
    expect(session.statusCode).toBe(200);
    const signedIn = session.json<LoginResponse>();
    expect(signedIn.user).toMatchObject({
      status: 'FORCE_CHANGE_PASSWORD',
      organization: admin.organization.id,
      role: 'EVENT_ADMIN',
    });
    expect(signedIn.user.workspaces).toEqual([{ id: team.id, name: 'Field' }]);
    const changed = await call(signedIn.access, 'POST', '/api/auth/password/', { password: 'Ch0sen@Pass' });
    expect(changed.json<LoginResponse>().user.status).toBe('CONFIRMED');
    const members = await call(admin.access, 'GET', `/api/core/workspaces/${team.id}/members/`);
    expect(members.json<Page<WorkspaceMember>>().results.map((member) => member.email)).toEqual([email]);
  });

  it('with a magic link: the emailed link signs the person in once', async () => {
    const email = uniqueEmail('alan');
    const { user, mail } = await invite(admin.access, admin.organization.id, {
      email,
      first_name: 'Alan',
      last_name: 'Turing',
      is_magic: true,
    });
    expect(user).toMatchObject({ status: 'CONFIRMED', role: null, workspaces: [] });
    const link = magicLinkIn(mail, publicUrl);
    const verified = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/magic_link/verify/',
      payload: link,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<LoginResponse>().user).toMatchObject({
      email,
      organization: admin.organization.id,
      email_verified: true,
    });
    expect(
      (await studio.app.inject({ method: 'POST', url: '/api/auth/magic_link/verify/', payload: link }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an email that already has an account, in any case and in any organisation', async () => {
    const outsider = await newAdmin(studio, 'Other Org');
    for (const email of [admin.user.email.toUpperCase(), outsider.user.email]) {
      const since = catcher.messages.length;
      const response = await call(admin.access, 'POST', '/api/core/user/', {
        organization: admin.organization.id,
        email,
        first_name: 'Copy',
        last_name: 'Cat',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'USER_ALREADY_EXISTS',
        message: 'A user with this email already exists.',
        errors: { email: ['A user with this email already exists.'] },
      });
      expect(
        catcher.messages.slice(since).filter((mail) => mail.envelopeTo.includes(email.toLowerCase())),
      ).toEqual([]);
    }
  });

  it.each([
    ['a URL without http(s)', { linkedin_url: 'ftp://files.example.com/x' }, 'linkedin_url'],
    ['a URL without a host', { twitter_url: 'https://' }, 'twitter_url'],
    [
      'a port above 65535',
      { profile_picture_url: 'https://example.com:65536/me.png' },
      'profile_picture_url',
    ],
    ['a port 0', { profile_picture_url: 'https://example.com:0/me.png' }, 'profile_picture_url'],
    ['a script URL', { linkedin_url: 'javascript:alert(1)' }, 'linkedin_url'],
    ['an unknown role', { role: 'SUPER_ADMIN' }, 'role'],
    ['an event staff role', { role: 'PRODUCER' }, 'role'],
    ['a team id that is no id', { workspaces: ['marketing'] }, 'workspaces.0'],
    ['no first name', { first_name: '  ' }, 'first_name'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
  ])('refuses %s (400, nothing created)', async (_name, change, field) => {
    const email = uniqueEmail('invalid');
    const response = await call(admin.access, 'POST', '/api/core/user/', {
      organization: admin.organization.id,
      email,
      first_name: 'In',
      last_name: 'Valid',
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ code: string; errors: Record<string, string[]> }>()).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field]);
    expect((await call(admin.access, 'GET', `/api/core/user/?username=${email}`)).statusCode).toBe(404);
  });

  it("refuses another organisation's team (400) and another organisation (404)", async () => {
    const outsider = await newAdmin(studio, 'Team Owner Org');
    const theirs = await newWorkspace(studio, outsider.access, 'Theirs');
    const email = uniqueEmail('foreign');
    const body = { organization: admin.organization.id, email, first_name: 'For', last_name: 'Eign' };
    const foreignTeam = await call(admin.access, 'POST', '/api/core/user/', {
      ...body,
      workspaces: [theirs.id],
    });
    expect(foreignTeam.statusCode).toBe(400);
    expect(foreignTeam.json()).toMatchObject({
      code: 'WORKSPACE_NOT_IN_ORGANIZATION',
      errors: { workspaces: [expect.any(String)] },
    });
    const foreignOrganization = await call(admin.access, 'POST', '/api/core/user/', {
      ...body,
      organization: outsider.organization.id,
    });
    expect(foreignOrganization.statusCode).toBe(404);
    expect((await call(outsider.access, 'GET', `/api/core/user/?username=${email}`)).statusCode).toBe(404);
    expect((await call(admin.access, 'GET', `/api/core/user/?username=${email}`)).statusCode).toBe(404);
  });

  it('is for those with user:manage: 403 for a team admin and a plain member, 401 anonymous', async () => {
    const teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
    const plain = await newMember(studio, admin.organization.id, null);
    const body = {
      organization: admin.organization.id,
      email: uniqueEmail('nope'),
      first_name: 'N',
      last_name: 'O',
    };
    expect((await call(teamAdmin.access, 'POST', '/api/core/user/', body)).statusCode).toBe(403);
    expect((await call(plain.access, 'POST', '/api/core/user/', {})).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/core/user/', body)).statusCode).toBe(401);
  });
});

describe('changing and removing a member', () => {
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  let team: Workspace;
  beforeAll(async () => {
    admin = await newAdmin(studio, 'Change Org');
    team = (await newWorkspace(studio, admin.access, 'Crew')) as Workspace;
  });

  it("changes role, teams, names, title and company; the member's next request has the new role", async () => {
    const other = (await newWorkspace(studio, admin.access, 'Deck')) as Workspace;
    const member = await inviteAndSignIn(admin.access, admin.organization.id, {
      email: uniqueEmail('mia'),
      first_name: 'Mia',
      last_name: 'Moe',
      role: 'WORKSPACE_ADMIN',
      workspaces: [team.id],
      title: 'Lead',
    });
    const changed = await call(admin.access, 'PATCH', `/api/core/user/${member.user.id}/`, {
      role: 'EVENT_EDITOR',
      workspaces: [other.id],
      first_name: ' Mia ',
      last_name: 'Moore',
      title: '',
      company: 'Acme',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<OrganizationUserDetail>()).toMatchObject({
      role: 'EVENT_EDITOR',
      role_display: 'Event Editor',
      workspaces: [{ id: other.id, name: 'Deck' }],
      first_name: 'Mia',
      last_name: 'Moore',
      title: null,
      company: 'Acme',
    });
    const me = (await call(member.access, 'GET', '/api/core/user/me/')).json<CurrentUser>();
    expect(me).toMatchObject({ role: 'EVENT_EDITOR', workspaces: [{ id: other.id, name: 'Deck' }] });
    // Nothing given, nothing changed.
    const same = await call(admin.access, 'PATCH', `/api/core/user/${member.user.id}/`, {});
    expect(same.json<OrganizationUserDetail>()).toMatchObject({ role: 'EVENT_EDITOR', company: 'Acme' });
    // No role at all.
    const noRole = await call(admin.access, 'PATCH', `/api/core/user/${member.user.id}/`, {
      role: null,
      workspaces: [],
    });
    expect(noRole.json<OrganizationUserDetail>()).toMatchObject({ role: null, workspaces: [] });
  });

  it("refuses an admin's own role change, a foreign team, a bad role, and other organisations' people", async () => {
    const ownRole = await call(admin.access, 'PATCH', `/api/core/user/${admin.userId}/`, {
      role: 'EVENT_ADMIN',
    });
    expect(ownRole.statusCode).toBe(400);
    expect(ownRole.json()).toMatchObject({
      code: 'CANNOT_CHANGE_OWN_ROLE',
      errors: { role: ['You cannot change your own role.'] },
    });
    const ownName = await call(admin.access, 'PATCH', `/api/core/user/${admin.userId}/`, {
      role: 'ORG_ADMIN',
      title: 'Founder',
    });
    expect(ownName.statusCode).toBe(200);
    expect(ownName.json<OrganizationUserDetail>()).toMatchObject({ role: 'ORG_ADMIN', title: 'Founder' });

    const member = await newMember(studio, admin.organization.id, 'EVENT_EDITOR');
    const outsider = await newAdmin(studio, 'Foreign Org');
    const theirs = await newWorkspace(studio, outsider.access, 'Theirs');
    const foreignTeam = await call(admin.access, 'PATCH', `/api/core/user/${member.userId}/`, {
      workspaces: [theirs.id],
    });
    expect(foreignTeam.json()).toMatchObject({ code: 'WORKSPACE_NOT_IN_ORGANIZATION' });
    expect(
      (await call(admin.access, 'PATCH', `/api/core/user/${member.userId}/`, { role: 'OWNER' })).statusCode,
    ).toBe(400);

    expect(
      (await call(outsider.access, 'PATCH', `/api/core/user/${member.userId}/`, { role: 'ORG_ADMIN' }))
        .statusCode,
    ).toBe(404);
    expect((await call(outsider.access, 'DELETE', `/api/core/user/${member.userId}/`)).statusCode).toBe(404);
    expect(
      (await call(admin.access, 'PATCH', `/api/core/user/${outsider.userId}/`, { title: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(admin.access, 'PATCH', '/api/core/user/not-an-id/', { title: 'x' })).statusCode).toBe(
      404,
    );
    const teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
    expect(
      (await call(teamAdmin.access, 'PATCH', `/api/core/user/${member.userId}/`, { title: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(teamAdmin.access, 'DELETE', `/api/core/user/${member.userId}/`)).statusCode).toBe(403);
    const unchanged = await call(admin.access, 'GET', `/api/core/user/?username=${member.user.email}`);
    expect(unchanged.json<OrganizationUserDetail>()).toMatchObject({ role: 'EVENT_EDITOR', title: null });
  });

  it('removes a member from the organisation: their sessions end, their teams let go, the account stays', async () => {
    const member = await inviteAndSignIn(admin.access, admin.organization.id, {
      email: uniqueEmail('leo'),
      first_name: 'Leo',
      last_name: 'Leaving',
      role: 'EVENT_ADMIN',
      workspaces: [team.id],
    });
    expect((await call(member.access, 'GET', '/api/core/user/me/')).statusCode).toBe(200);

    const removed = await call(admin.access, 'DELETE', `/api/core/user/${member.user.id}/`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call(member.access, 'GET', '/api/core/user/me/')).statusCode).toBe(401);
    const refresh = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: member.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await list(admin.access)).results.map((user) => user.id)).not.toContain(member.user.id);
    expect(
      (await call(admin.access, 'GET', `/api/core/user/?username=${member.user.email}`)).statusCode,
    ).toBe(404);
    const crew = await call(admin.access, 'GET', `/api/core/workspaces/${team.id}/members/`);
    expect(crew.json<Page<WorkspaceMember>>().results.map((person) => person.id)).not.toContain(
      member.user.id,
    );
    const rows = await studio.database.db
      .selectFrom('workspace_members')
      .select('workspace_id')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(rows).toEqual([]);

    expect((await call(admin.access, 'DELETE', `/api/core/user/${member.user.id}/`)).statusCode).toBe(404);
    const self = await call(admin.access, 'DELETE', `/api/core/user/${admin.userId}/`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'CANNOT_REMOVE_SELF' });
  });
});

describe('one’s own profile (PATCH /api/core/user/me/)', () => {
  it('changes names, company, title and links; blanks clear; bad values are refused', async () => {
    const admin = await newAdmin(studio, 'Profile Org');
    const profile = {
      first_name: 'Augusta',
      last_name: 'King',
      company: 'Analytical Engines',
      title: 'Countess',
      linkedin_url: 'https://linkedin.com/in/ada',
      twitter_url: 'https://x.com/ada',
      profile_picture_url: 'https://localhost:8443/ada.png',
    };
    const changed = await call(admin.access, 'PATCH', '/api/core/user/me/', profile);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<CurrentUser>()).toMatchObject({ id: admin.userId, ...profile, role: 'ORG_ADMIN' });
    const cleared = await call(admin.access, 'PATCH', '/api/core/user/me/', { company: '', twitter_url: '' });
    expect(cleared.json<CurrentUser>()).toMatchObject({
      company: null,
      twitter_url: null,
      title: 'Countess',
    });
    expect((await call(admin.access, 'GET', '/api/core/user/me/')).json<CurrentUser>()).toMatchObject({
      company: null,
      title: 'Countess',
    });

    const badUrl = await call(admin.access, 'PATCH', '/api/core/user/me/', {
      linkedin_url: 'linkedin.com/in/ada',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({
      errors: { linkedin_url: ['Enter a valid URL starting with http:// or https://.'] },
    });
    expect((await call(admin.access, 'PATCH', '/api/core/user/me/', { first_name: '' })).statusCode).toBe(
      400,
    );
    // Role and organisation are not one's own to change: ignored.
    const sneaky = await call(admin.access, 'PATCH', '/api/core/user/me/', {
      role: 'WORKSPACE_ADMIN',
      organization: null,
      email: 'x@y.z',
    });
    expect(sneaky.json<CurrentUser>()).toMatchObject({
      role: 'ORG_ADMIN',
      organization: admin.organization.id,
      email: admin.user.email,
    });
    expect((await call(null, 'PATCH', '/api/core/user/me/', { title: 'x' })).statusCode).toBe(401);
  });

  it('is open to a person without an organisation', async () => {
    const standalone = await newUser(studio.app);
    const changed = await call(standalone.access, 'PATCH', '/api/core/user/me/', { title: 'Creator' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<CurrentUser>()).toMatchObject({ title: 'Creator', organization: null });
  });
});

describe('invitation status', () => {
  it('is INVITED until the person first signs in, ACTIVE from then on', async () => {
    const admin = await newAdmin(studio, 'Status Org');
    const statusOf = async (email: string) =>
      (await list(admin.access, `?search=${encodeURIComponent(email)}`)).results[0]?.member_status;
    expect(await statusOf(admin.user.email)).toBe('ACTIVE');

    const linkInvite = await invite(admin.access, admin.organization.id, {
      email: uniqueEmail('grace'),
      first_name: 'Grace',
      last_name: 'Hopper',
      is_magic: true,
    });
    expect(linkInvite.user.member_status).toBe('INVITED');
    expect(await statusOf(linkInvite.user.email)).toBe('INVITED');
    const verified = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/magic_link/verify/',
      payload: magicLinkIn(linkInvite.mail, publicUrl),
    });
    expect(verified.statusCode).toBe(200);
    expect(await statusOf(linkInvite.user.email)).toBe('ACTIVE');

    const passwordInvite = await invite(admin.access, admin.organization.id, {
      email: uniqueEmail('edsger'),
      first_name: 'Edsger',
      last_name: 'Dijkstra',
    });
    expect(await statusOf(passwordInvite.user.email)).toBe('INVITED');
    expect(
      (await login(passwordInvite.user.email, temporaryPasswordIn(passwordInvite.mail))).statusCode,
    ).toBe(200);
    expect(await statusOf(passwordInvite.user.email)).toBe('ACTIVE');
  });
});
