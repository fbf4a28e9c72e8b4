import { describe, expect, it } from 'vitest';
import {
  accessMessages,
  EVENT_ROLES,
  ROLE_GROUPS,
  type Page,
  type PermissionConfig,
  type Role,
} from '@studio/domain';
import { caller } from '../back-office/back-office.fixtures.ts';
import {
  peopleSetup,
  SPEAKER_ROLES,
  speakerDetails,
  type Answer,
} from '../event-roles/event-roles.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';
import { newMember } from './access.fixtures.ts';

const studio = fileStudio();
const acme = madeBeforeAll(async () => {
  const setup = await peopleSetup(studio, 'Roles Org');
  await setOperatorFlags(studio, setup.organizationId, { isCustomRolesEnabled: true });
  return setup;
});
const globex = madeBeforeAll(async () => {
  const setup = await peopleSetup(studio, 'Globex');
  await setOperatorFlags(studio, setup.organizationId, { isCustomRolesEnabled: true });
  return setup;
});

type RoleFields = { display_name?: string; role_group?: string; permission_list?: string[] };
let rolesMade = 0;
/** POST /api/core/roles/; without a name, a new one each time (an organisation's role names are distinct). */
const postRole = (setup: typeof acme, fields: RoleFields = {}) =>
  setup.api.post<Answer<Role>>('/api/core/roles/', {
    display_name: `Moderator ${(rolesMade += 1)}`,
    realm: 'event_app',
    role_group: ROLE_GROUPS.speaker,
    permission_list: ['stage:join', 'chat:moderate'],
    ...fields,
  });
const newRole = async (setup: typeof acme, fields: RoleFields = {}) => {
  const created = await postRole(setup, fields);
  if (created.status !== 201) throw new Error(`role failed: ${JSON.stringify(created.body)}`);
  return created.body;
};
const patchRole = (setup: typeof acme, id: string, body: Record<string, unknown>) =>
  setup.api.patch<Answer<Role>>(`/api/core/roles/${id}/`, body);
const deleteRole = (setup: typeof acme, id: string) => setup.api.delete(`/api/core/roles/${id}/`);
const listed = async (setup: typeof acme, group: string) =>
  (
    await setup.api.get<Page<Role>>(
      `/api/core/roles/?realm=event_app&role_group=${encodeURIComponent(group)}`,
    )
  ).body.results;

describe('custom roles: listed', () => {
  it('in the whole list too, for the groups the switches turn on', async () => {
    const speakersOnly = await peopleSetup(studio, 'Speakers Only');
    await setOperatorFlags(studio, speakersOnly.organizationId, { isCustomSpeakerRolesEnabled: true });
    const role = await newRole(speakersOnly, { display_name: 'Panel host' });
    const all = await speakersOnly.api.get<Page<Role>>('/api/core/roles/?limit=50');
    expect(all.body.results.filter((entry) => entry.is_custom).map((entry) => entry.id)).toEqual([role.id]);
  });
});

describe('custom roles: edit (PATCH /api/core/roles/{id}/)', () => {
  it('renames a custom role and changes its permissions; the role group stays', async () => {
    const role = await newRole(acme, { role_group: ROLE_GROUPS.staff });
    const renamed = await patchRole(acme, role.id, {
      display_name: ' Host ',
      role_group: ROLE_GROUPS.speaker,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: role.id,
      name: role.name,
      display_name: 'Host',
      role_group: ROLE_GROUPS.staff,
      is_custom: true,
      permission_list: ['stage:join', 'chat:moderate'],
    });
    const narrowed = await patchRole(acme, role.id, { permission_list: ['qna:moderate'] });
    expect(narrowed.body).toMatchObject({ display_name: 'Host', permission_list: ['qna:moderate'] });
    expect((await listed(acme, ROLE_GROUPS.staff)).find((entry) => entry.id === role.id)).toEqual(
      narrowed.body,
    );
  });

  it('accepts only the event app’s permissions, at least one', async () => {
    const role = await newRole(acme);
    for (const permission_list of [[], ['user:manage'], ['*:*'], ['launch:rockets']]) {
      const refused = await patchRole(acme, role.id, { permission_list });
      expect(refused.status, JSON.stringify(permission_list)).toBe(400);
      expect(Object.keys(refused.body.errors).every((field) => field.startsWith('permission_list'))).toBe(
        true,
      );
    }
    expect((await patchRole(acme, role.id, { display_name: '' })).status).toBe(400);
    const created = await acme.api.post<Answer<Role>>('/api/core/roles/', {
      display_name: 'Admin-ish',
      realm: 'event_app',
      role_group: ROLE_GROUPS.staff,
      permission_list: ['user:manage'],
    });
    expect(created.status).toBe(400);
  });
});

describe('custom roles: names are distinct in an organisation (409 ROLE_NAME_TAKEN)', () => {
  const taken = {
    code: 'ROLE_NAME_TAKEN',
    message: accessMessages.customRoleNameTaken,
    errors: { display_name: [accessMessages.customRoleNameTaken] },
  };

  it('refuses creating a role named like one of its own or a built-in one, any case or spaces', async () => {
    const first = await newRole(acme, { display_name: 'Panel Chair' });
    for (const [display_name, role_group] of [
      ['Panel Chair', ROLE_GROUPS.speaker],
      ['  panel chair ', ROLE_GROUPS.speaker],
      // Settings › Permissions lists both groups together: one name per organisation.
      ['PANEL CHAIR', ROLE_GROUPS.staff],
      // Built-in roles are listed with them (the pickers, Settings › Permissions).
      ['producer', ROLE_GROUPS.staff],
      [' Full access ', ROLE_GROUPS.speaker],
      ['Organization Admin', ROLE_GROUPS.speaker],
    ] as const) {
      const refused = await postRole(acme, { display_name, role_group });
      expect(refused.status, display_name).toBe(409);
      expect(refused.body).toEqual(taken);
    }
    const chairs = (await listed(acme, ROLE_GROUPS.speaker)).filter(
      (role) => role.display_name.toLowerCase() === 'panel chair',
    );
    expect(chairs.map((role) => role.id)).toEqual([first.id]);
    expect((await listed(acme, ROLE_GROUPS.staff)).map((role) => role.display_name)).not.toContain(
      'PANEL CHAIR',
    );
  });

  it('refuses renaming a role to another’s name; its own name in another case is kept', async () => {
    const chair = await newRole(acme, { display_name: 'Session Chair' });
    const host = await newRole(acme, { display_name: 'Session Host', role_group: ROLE_GROUPS.staff });
    for (const display_name of ['Session Chair', ' SESSION CHAIR  ', 'coordinator', 'Stage Access']) {
      const refused = await patchRole(acme, host.id, {
        display_name,
        permission_list: ['poll:manage'],
      });
      expect(refused.status, display_name).toBe(409);
      expect(refused.body).toEqual(taken);
    }
    // Nothing changed, name nor permissions.
    expect((await listed(acme, ROLE_GROUPS.staff)).find((role) => role.id === host.id)).toEqual(host);

    const recased = await patchRole(acme, host.id, { display_name: 'session HOST ' });
    expect(recased.status).toBe(200);
    expect(recased.body.display_name).toBe('session HOST');
    expect((await patchRole(acme, chair.id, { permission_list: ['qna:moderate'] })).status).toBe(200);
    // Once renamed, its old name is free again.
    expect((await patchRole(acme, chair.id, { display_name: 'Track Chair' })).status).toBe(200);
    expect((await postRole(acme, { display_name: 'session chair' })).status).toBe(201);
  });

  it('lets another organisation use the same names', async () => {
    await newRole(acme, { display_name: 'Keynote Host' });
    await newRole(acme, { display_name: 'Closing Host' });
    const theirs = await newRole(globex, { display_name: 'keynote host' });
    expect(theirs.display_name).toBe('keynote host');
    const other = await newRole(globex, { display_name: 'Warm-up' });
    const renamed = await patchRole(globex, other.id, { display_name: ' CLOSING HOST' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.display_name).toBe('CLOSING HOST');
  });
});

describe('custom roles: who may change which', () => {
  it('refuses built-in roles (403 BUILT_IN_ROLE), another organisation’s and unknown ids (404)', async () => {
    for (const call of [
      () => patchRole(acme, SPEAKER_ROLES.FullAccess, { display_name: 'Everything' }),
      () => deleteRole(acme, acme.producer),
    ]) {
      const refused = await call();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'BUILT_IN_ROLE',
        message: accessMessages.builtInRoleReadOnly,
      });
    }
    const theirs = await newRole(globex, { display_name: 'Their moderator' });
    expect((await patchRole(acme, theirs.id, { display_name: 'Ours now' })).status).toBe(404);
    expect((await deleteRole(acme, theirs.id)).status).toBe(404);
    expect((await listed(globex, ROLE_GROUPS.speaker)).map((role) => role.display_name)).toContain(
      'Their moderator',
    );
    expect((await patchRole(acme, 'not-a-role', { display_name: 'X' })).status).toBe(404);
    expect((await deleteRole(acme, '7f0c1a52-3f4e-4d1a-9a51-00000000ffff')).status).toBe(404);
  });

  it('needs user:manage, and the organisation’s switch for the role’s group', async () => {
    const role = await newRole(acme);
    const editor = await newMember(studio, acme.organizationId, 'EVENT_ADMIN');
    const asEditor = caller(studio, editor.access);
    expect((await asEditor.patch(`/api/core/roles/${role.id}/`, { display_name: 'X' })).status).toBe(403);
    expect((await asEditor.delete(`/api/core/roles/${role.id}/`)).status).toBe(403);

    await setOperatorFlags(studio, acme.organizationId, { isCustomRolesEnabled: false });
    try {
      const off = await patchRole(acme, role.id, { display_name: 'X' });
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('CUSTOM_ROLES_DISABLED');
      expect((await deleteRole(acme, role.id)).status).toBe(403);
    } finally {
      await setOperatorFlags(studio, acme.organizationId, { isCustomRolesEnabled: true });
    }
  });
});

describe('custom roles: delete (DELETE /api/core/roles/{id}/)', () => {
  it('deletes a role nobody holds', async () => {
    const role = await newRole(acme, { display_name: 'Unused' });
    expect((await deleteRole(acme, role.id)).status).toBe(204);
    expect((await listed(acme, ROLE_GROUPS.speaker)).map((entry) => entry.id)).not.toContain(role.id);
    const row = await studio.database.db.selectFrom('roles').select('id').where('id', '=', role.id).execute();
    expect(row).toEqual([]);
    expect((await deleteRole(acme, role.id)).status).toBe(404);
  });

  it('refuses (409 ROLE_IN_USE) while people hold it for an event or a session, or an event defaults to it', async () => {
    const role = await newRole(acme, { display_name: 'Held' });
    const first = await acme.people.create({
      event: acme.event.id,
      role: EVENT_ROLES.SPEAKER,
      user: speakerDetails('Holder'),
      event_app_role: role.id,
    });
    const second = await acme.people.create({
      event: acme.event.id,
      role: EVENT_ROLES.SPEAKER,
      user: speakerDetails('Sessioner'),
      permission_roles: [{ role: role.id, broadcasts: [acme.sessions[0]] }],
    });
    expect([first.status, second.status]).toEqual([201, 201]);

    const refused = await deleteRole(acme, role.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'ROLE_IN_USE',
      message: accessMessages.customRoleInUse(2, 0),
    });

    // Nothing changed: the speakers keep it.
    const kept = await acme.people.list(`event=${acme.event.id}&role=4`);
    expect(kept.body.results.find((person) => person.id === first.body.id)?.event_app_role).toBe(role.id);

    await acme.people.patch(first.body.id, { event_app_role: SPEAKER_ROLES.StageAccess });
    await acme.people.remove(second.body.id);
    expect((await acme.people.setDefaultRole(acme.event.id, role.id)).status).toBe(200);
    const asDefault = await deleteRole(acme, role.id);
    expect(asDefault.status).toBe(409);
    expect(asDefault.body).toMatchObject({ message: accessMessages.customRoleInUse(0, 1) });

    await acme.people.setDefaultRole(acme.event.id, null);
    expect((await deleteRole(acme, role.id)).status).toBe(204);
  });
});

describe('custom roles: permissions', () => {
  it('apply to the people holding the role from the next request', async () => {
    const role = await newRole(acme, { display_name: 'Stage hand', permission_list: ['stage:join'] });
    const member = await newMember(studio, acme.organizationId, 'EVENT_EDITOR');
    const speaker = await acme.people.create({
      event: acme.event.id,
      role: EVENT_ROLES.SPEAKER,
      user: member.userId,
      event_app_role: role.id,
    });
    expect(speaker.status).toBe(201);
    const inTheEvent = async () => {
      const asked = await caller(studio, member.access).post<PermissionConfig[]>('/api/core/permissions/', {
        realm: 'event_app',
        requester_id: member.userId,
        context: { organization: acme.organizationId, event: acme.event.id },
      });
      return asked.body[0];
    };
    expect(await inTheEvent()).toMatchObject({ role: role.name, permission_list: ['stage:join'] });
    await patchRole(acme, role.id, { permission_list: ['stage:join', 'stage:share', 'poll:manage'] });
    expect((await inTheEvent())?.permission_list).toEqual(['stage:join', 'stage:share', 'poll:manage']);
  });
});
