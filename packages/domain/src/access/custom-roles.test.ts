import { describe, expect, it } from 'vitest';
import { createCustomRoleSchema, updateCustomRoleSchema } from './api.ts';
import { accessMessages } from './messages.ts';
import {
  customRoleGroupsOf,
  EVENT_APP_PERMISSIONS,
  isBuiltInRoleLabel,
  ROLE_CATALOGUE,
  roleNameKey,
} from './roles.ts';

describe('custom roles', () => {
  it('are built from the event app’s permissions only, at least one, each once', () => {
    const base = { display_name: ' Moderator ', realm: 'event_app', role_group: 'Speaker Roles' } as const;
    expect(
      createCustomRoleSchema.parse({ ...base, permission_list: ['chat:moderate', 'chat:moderate'] }),
    ).toEqual({ ...base, display_name: 'Moderator', permission_list: ['chat:moderate'] });
    for (const refused of [[], ['user:manage'], ['*:*'], ['nope']]) {
      expect(
        createCustomRoleSchema.safeParse({ ...base, permission_list: refused }).success,
        String(refused),
      ).toBe(false);
    }
    const empty = createCustomRoleSchema.safeParse({ ...base, permission_list: [] });
    expect(empty.error?.issues[0]?.message).toBe(accessMessages.customRolePermissionsRequired);
    expect(
      createCustomRoleSchema.safeParse({ ...base, role_group: 'Other', permission_list: ['stage:join'] })
        .success,
    ).toBe(false);
  });

  it('cover every permission the built-in event_app roles hold', () => {
    const held = ROLE_CATALOGUE.filter((role) => role.realm === 'event_app').flatMap(
      (role): readonly string[] => role.permissions,
    );
    expect(new Set(held)).toEqual(new Set(EVENT_APP_PERMISSIONS));
  });

  it('are edited by name and permissions only', () => {
    expect(updateCustomRoleSchema.parse({ display_name: 'Host', role_group: 'Staff Roles' })).toEqual({
      display_name: 'Host',
    });
    expect(updateCustomRoleSchema.safeParse({ display_name: '  ' }).success).toBe(false);
  });

  it('say how many hold a role that cannot be deleted', () => {
    expect(accessMessages.customRoleInUse(1, 0)).toBe(
      'This role is held by 1 person in your events. Choose another role there before deleting it.',
    );
    expect(accessMessages.customRoleInUse(3, 2)).toBe(
      'This role is held by 3 people in your events and is the default speaker role of 2 events. Choose another role there before deleting it.',
    );
    expect(accessMessages.customRoleInUse(0, 1)).toBe(
      'This role is the default speaker role of 1 event. Choose another role there before deleting it.',
    );
  });

  it('belong to the groups the organisation’s switches turn on (002 §6)', () => {
    expect(customRoleGroupsOf({})).toEqual([]);
    expect(customRoleGroupsOf({ isCustomSpeakerRolesEnabled: true })).toEqual(['Speaker Roles']);
    expect(customRoleGroupsOf({ isCustomRolesEnabled: true })).toEqual(['Speaker Roles', 'Staff Roles']);
  });

  it('compare names case-insensitively, surrounding whitespace ignored; built-in labels are taken', () => {
    expect(roleNameKey('  Panel Host\t')).toBe(roleNameKey('panel host'));
    expect(roleNameKey('Panel  Host')).not.toBe(roleNameKey('Panel Host'));
    for (const label of [' producer ', 'FULL ACCESS', 'Organization Admin', 'Team Admin']) {
      expect(isBuiltInRoleLabel(label), label).toBe(true);
    }
    for (const name of ['Producer 2', 'Moderator', 'PRODUCER_']) {
      expect(isBuiltInRoleLabel(name), name).toBe(false);
    }
  });
});
