import { describe, expect, it } from 'vitest';
import {
  accessMessages,
  ROLE_CATALOGUE,
  ROLE_GROUPS,
  SPEAKER_ROLE_PRIORITY,
  type Page,
  type PermissionConfig,
  type Role,
} from '@studio/domain';
import { bearer, newUser } from '../../../test/harness.ts';
import { newAdmin, newMember } from './access.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const publicUrl = 'http://studio.test';
const studio = fileStudio({ publicUrl });

const getRoles = (access: string, url: string) =>
  studio.app.inject({ method: 'GET', url, headers: bearer(access) });
const askPermissions = (access: string, payload: object) =>
  studio.app.inject({ method: 'POST', url: '/api/core/permissions/', headers: bearer(access), payload });

describe('roles', () => {
  it('seeds exactly the domain catalogue, with its stable ids', async () => {
    const rows = await studio.database.db
      .selectFrom('roles')
      .select(['id', 'name', 'display_name', 'realm', 'role_group', 'organization_id'])
      .execute();
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      ROLE_CATALOGUE.map((role) => ({
        id: role.id,
        name: role.name,
        display_name: role.display_name,
        realm: role.realm,
        role_group: 'role_group' in role ? role.role_group : null,
        organization_id: null,
      })),
    );
  });

  it('pages the roles 50 at a time until next is empty, the way the client reads them', async () => {
    const admin = await newAdmin(studio);
    const seen: Role[] = [];
    let url: string | null = '/api/core/roles/?limit=50&offset=0';
    while (url) {
      const response = await getRoles(admin.access, url.replace(publicUrl, ''));
      expect(response.statusCode).toBe(200);
      const page: Page<Role> = response.json();
      seen.push(...page.results);
      url = page.next;
    }
    expect(seen.map((role) => role.name).sort()).toEqual(ROLE_CATALOGUE.map((role) => role.name).sort());
    expect(seen.find((role) => role.name === 'WORKSPACE_ADMIN')).toEqual({
      id: '7f0c1a52-3f4e-4d1a-9a51-000000000002',
      name: 'WORKSPACE_ADMIN',
      display_name: 'Team Admin',
      realm: 'studio_app',
      role_group: null,
      is_custom: false,
      permission_list: expect.arrayContaining(['event:update', 'video:read']) as string[],
    });
    // Settings › Permissions shows the Integrations Editor's rights as the catalogue grants them.
    expect(seen.find((role) => role.name === 'INTEGRATIONS_EDITOR')?.permission_list).toEqual([
      'workspace:read',
      'event:read',
      'integration:read',
      'integration:update',
    ]);
  });

  it('pages with small limits and absolute links, and filters by realm', async () => {
    const admin = await newAdmin(studio);
    const first = (await getRoles(admin.access, '/api/core/roles/?limit=4')).json<Page<Role>>();
    expect(first.count).toBe(ROLE_CATALOGUE.length);
    expect(first.results).toHaveLength(4);
    expect(first.next).toBe(`${publicUrl}/api/core/roles/?limit=4&offset=4`);
    const collected = [...first.results];
    let next = first.next;
    while (next) {
      const page: Page<Role> = (await getRoles(admin.access, next.replace(publicUrl, ''))).json();
      collected.push(...page.results);
      next = page.next;
    }
    expect(new Set(collected.map((role) => role.id)).size).toBe(ROLE_CATALOGUE.length);

    const eventRoles = (await getRoles(admin.access, '/api/core/roles/?realm=event_app')).json<Page<Role>>();
    expect(eventRoles.results.map((role) => role.display_name).sort()).toEqual([
      'Coordinator',
      'Full Access',
      'Producer',
      'Share Access',
      'Stage Access',
    ]);
    expect((await getRoles(admin.access, '/api/core/roles/?realm=moon_app')).statusCode).toBe(400);
  });

  it('lists an event_app role group: speaker roles in their fixed priority, staff roles Producer and Coordinator', async () => {
    const admin = await newAdmin(studio);
    const group = async (name: string) =>
      (
        await getRoles(
          admin.access,
          `/api/core/roles/?realm=event_app&role_group=${encodeURIComponent(name)}&limit=10`,
        )
      ).json<Page<Role>>().results;
    expect((await group(ROLE_GROUPS.speaker)).map((role) => role.name)).toEqual([...SPEAKER_ROLE_PRIORITY]);
    expect((await group(ROLE_GROUPS.speaker)).map((role) => role.display_name)).toEqual([
      'Full Access',
      'Share Access',
      'Stage Access',
    ]);
    expect((await group(ROLE_GROUPS.staff)).map((role) => role.display_name)).toEqual([
      'Coordinator',
      'Producer',
    ]);
  });

  it('adds custom event_app roles only while the organisation switches them on, and lists them only then', async () => {
    const admin = await newAdmin(studio);
    const group = async (name: string) =>
      (
        await getRoles(
          admin.access,
          `/api/core/roles/?realm=event_app&role_group=${encodeURIComponent(name)}`,
        )
      ).json<Page<Role>>().results;
    const create = (role_group: string) =>
      studio.app.inject({
        method: 'POST',
        url: '/api/core/roles/',
        headers: bearer(admin.access),
        payload: {
          display_name: 'Moderator',
          realm: 'event_app',
          role_group,
          permission_list: ['chat:moderate'],
        },
      });
    const refused = await create(ROLE_GROUPS.speaker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'CUSTOM_ROLES_DISABLED',
      message: accessMessages.customRolesDisabled,
    });

    const flags = (value: boolean) =>
      setOperatorFlags(studio, admin.organization.id, { isCustomSpeakerRolesEnabled: value });
    await flags(true);
    const created = await create(ROLE_GROUPS.speaker);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      display_name: 'Moderator',
      role_group: ROLE_GROUPS.speaker,
      is_custom: true,
      permission_list: ['chat:moderate'],
    });
    expect((await group(ROLE_GROUPS.speaker)).map((role) => role.display_name)).toEqual([
      'Full Access',
      'Share Access',
      'Stage Access',
      'Moderator',
    ]);
    // Custom staff roles need the general switch; the staff list stays Producer and Coordinator.
    expect((await create(ROLE_GROUPS.staff)).statusCode).toBe(403);
    expect((await group(ROLE_GROUPS.staff)).map((role) => role.display_name)).toEqual([
      'Coordinator',
      'Producer',
    ]);

    await flags(false);
    expect((await group(ROLE_GROUPS.speaker)).map((role) => role.display_name)).not.toContain('Moderator');

    // Another organisation never sees them.
    const other = await newAdmin(studio);
    const theirs = (
      await getRoles(
        other.access,
        `/api/core/roles/?realm=event_app&role_group=${encodeURIComponent(ROLE_GROUPS.speaker)}`,
      )
    ).json<Page<Role>>();
    expect(theirs.results.map((role) => role.display_name)).not.toContain('Moderator');
  });

  it('requires sign-in and an organisation', async () => {
    expect((await studio.app.inject({ method: 'GET', url: '/api/core/roles/' })).statusCode).toBe(401);
    const loner = await newUser(studio.app);
    expect((await getRoles(loner.access, '/api/core/roles/')).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it("answers a list whose first element holds the caller's permission list", async () => {
    const admin = await newAdmin(studio);
    const response = await askPermissions(admin.access, {
      realm: 'studio_app',
      requester_id: admin.userId,
      context: { organization: admin.organization.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PermissionConfig[]>()).toEqual([
      {
        realm: 'studio_app',
        requester_id: admin.userId,
        organization: admin.organization.id,
        role: 'ORG_ADMIN',
        permission_list: ['*:*'],
      },
    ]);
  });

  it('answers each role its catalogue list; a member without a role holds nothing', async () => {
    const admin = await newAdmin(studio);
    for (const role of ['WORKSPACE_ADMIN', 'EVENT_EDITOR', null]) {
      const member = await newMember(studio, admin.organization.id, role);
      const [config] = (
        await askPermissions(member.access, {
          realm: 'studio_app',
          requester_id: member.userId,
          context: { organization: admin.organization.id },
        })
      ).json<PermissionConfig[]>();
      const expected = ROLE_CATALOGUE.find((entry) => entry.name === role)?.permissions ?? [];
      expect(config?.permission_list).toEqual(expected);
      expect(config?.role).toBe(role);
    }
    const teamAdmin = ROLE_CATALOGUE.find((entry) => entry.name === 'WORKSPACE_ADMIN')!;
    expect(teamAdmin.permissions).not.toContain('api_token:manage');
  });

  it("lets an organisation admin read a member's list, and nobody else's", async () => {
    const admin = await newAdmin(studio);
    const member = await newMember(studio, admin.organization.id, 'BRAND_EDITOR');
    const context = { organization: admin.organization.id };
    const byAdmin = await askPermissions(admin.access, {
      realm: 'studio_app',
      requester_id: member.userId,
      context,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<PermissionConfig[]>()[0]?.role).toBe('BRAND_EDITOR');

    const byMember = await askPermissions(member.access, {
      realm: 'studio_app',
      requester_id: admin.userId,
      context,
    });
    expect(byMember.statusCode).toBe(403);

    const other = await newAdmin(studio, 'Other');
    const foreignRequester = await askPermissions(admin.access, {
      realm: 'studio_app',
      requester_id: other.userId,
      context,
    });
    expect(foreignRequester.statusCode).toBe(404);
    const foreignContext = await askPermissions(admin.access, {
      realm: 'studio_app',
      requester_id: admin.userId,
      context: { organization: other.organization.id },
    });
    expect(foreignContext.statusCode).toBe(404);
    const malformed = await askPermissions(admin.access, {
      realm: 'studio_app',
      requester_id: 'nobody',
      context,
    });
    expect(malformed.statusCode).toBe(404);
    const badRealm = await askPermissions(admin.access, {
      realm: 'backstage',
      requester_id: admin.userId,
      context,
    });
    expect(badRealm.statusCode).toBe(400);
    const anonymous = await studio.app.inject({ method: 'POST', url: '/api/core/permissions/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
