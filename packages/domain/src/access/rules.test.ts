import { describe, expect, it } from 'vitest';
import { isActionAllowed, isAllowed, isAllowedByLegacyRole, organizationRoleOf } from './rules.ts';

describe('isAllowed (spec 001 §6)', () => {
  it.each([
    { list: ['*:*'], required: ['event:update'], allowed: true },
    { list: ['*:*'], required: [], allowed: true },
    { list: ['*:*'], required: ['anything:at-all', 'api_token:manage'], allowed: true },
    { list: ['event:update'], required: ['event:update'], allowed: true },
    {
      list: ['event:update', 'branding:update'],
      required: ['branding:update', 'event:update'],
      allowed: true,
    },
    { list: ['event:update'], required: ['event:update', 'branding:update'], allowed: false },
    { list: ['event:read'], required: ['event:update'], allowed: false },
    { list: [], required: ['event:read'], allowed: false },
    { list: [], required: [], allowed: true },
    { list: ['event:*'], required: ['event:update'], allowed: false },
    { list: ['*'], required: ['event:update'], allowed: false },
    { list: ['EVENT:UPDATE'], required: ['event:update'], allowed: false },
  ])('$list holding $required → $allowed', ({ list, required, allowed }) => {
    expect(isAllowed(list, required)).toBe(allowed);
  });
});

describe('legacy path (no permissions feature in the plan)', () => {
  it.each([
    { role: 'ORG_ADMIN', isWorkspaceEnabled: true, basicWorkspacePermission: false, allowed: true },
    { role: 'ORG_ADMIN', isWorkspaceEnabled: false, basicWorkspacePermission: undefined, allowed: true },
    { role: 'WORKSPACE_ADMIN', isWorkspaceEnabled: false, basicWorkspacePermission: false, allowed: true },
    { role: 'WORKSPACE_ADMIN', isWorkspaceEnabled: true, basicWorkspacePermission: undefined, allowed: true },
    { role: 'WORKSPACE_ADMIN', isWorkspaceEnabled: true, basicWorkspacePermission: true, allowed: true },
    { role: 'WORKSPACE_ADMIN', isWorkspaceEnabled: true, basicWorkspacePermission: false, allowed: false },
    { role: null, isWorkspaceEnabled: true, basicWorkspacePermission: false, allowed: false },
    { role: null, isWorkspaceEnabled: false, basicWorkspacePermission: false, allowed: true },
  ])(
    '$role, workspaces $isWorkspaceEnabled, basic permission $basicWorkspacePermission → $allowed',
    (row) => {
      expect(isAllowedByLegacyRole(row)).toBe(row.allowed);
    },
  );
});

describe('isActionAllowed: the permission list with the feature, the legacy role without', () => {
  const base = { role: 'WORKSPACE_ADMIN', isWorkspaceEnabled: true, required: ['api_token:manage'] };
  it.each([
    {
      permissionsFeature: true,
      permissionList: ['event:read'],
      basicWorkspacePermission: true,
      allowed: false,
    },
    {
      permissionsFeature: true,
      permissionList: ['api_token:manage'],
      basicWorkspacePermission: false,
      allowed: true,
    },
    { permissionsFeature: true, permissionList: ['*:*'], basicWorkspacePermission: false, allowed: true },
    { permissionsFeature: false, permissionList: [], basicWorkspacePermission: true, allowed: true },
    { permissionsFeature: false, permissionList: ['*:*'], basicWorkspacePermission: false, allowed: false },
  ])(
    'feature $permissionsFeature, list $permissionList, basic $basicWorkspacePermission → $allowed',
    (row) => {
      expect(isActionAllowed({ ...base, ...row })).toBe(row.allowed);
    },
  );
});

describe('organizationRoleOf', () => {
  const entries = [
    { resource_type: 'workspace', resource_id: 'org-1', role: 'WORKSPACE_ADMIN' },
    { resource_type: 'organization', resource_id: 'org-2', role: 'EVENT_ADMIN' },
    { resource_type: 'organization', resource_id: 'org-1', role: 'ORG_ADMIN' },
  ];
  it('reads the requester_role entry for the organisation resource', () => {
    expect(organizationRoleOf(entries, 'org-1')).toBe('ORG_ADMIN');
    expect(organizationRoleOf(entries, 'org-2')).toBe('EVENT_ADMIN');
    expect(organizationRoleOf(entries, 'org-3')).toBeNull();
    expect(organizationRoleOf([], 'org-1')).toBeNull();
  });
});
