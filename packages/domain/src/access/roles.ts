import { z } from 'zod';
import { catalogueKeys } from '../records.ts';

/** Spec 001 §3 "Role": the realms roles live in. */
export const ROLE_REALMS = ['studio_app', 'event_app', 'content_lab'] as const;
export type RoleRealm = (typeof ROLE_REALMS)[number];
export const roleRealmSchema = z.enum(ROLE_REALMS);

/** Holding this one permission means holding every permission (spec 001 §6). */
export const ALL_PERMISSIONS = '*:*';

/**
 * What an event_app role can grant: the event app's backstage, stage and engagement work, with what
 * each lets a person do. A custom role (speaker or staff) is built from these only; studio
 * permissions mean nothing in an event.
 */
const EVENT_APP_PERMISSION_LABELS = {
  'backstage:access': 'Enter the backstage',
  'stage:join': 'Join the stage',
  'stage:share': 'Share on stage',
  'chat:moderate': 'Moderate the chat',
  'qna:moderate': 'Moderate Q&A',
  'poll:manage': 'Run polls',
  'survey:manage': 'Run surveys',
};
export const EVENT_APP_PERMISSIONS = catalogueKeys(EVENT_APP_PERMISSION_LABELS);
export type EventAppPermission = keyof typeof EVENT_APP_PERMISSION_LABELS;

/**
 * Every permission a role may hold, `resource:action`, with what it lets a person do, as Settings ›
 * Permissions shows it. `event:update` and `branding:update` are the spec's own (002 §6 readiness
 * warnings); the rest follow the same shape.
 */
export const PERMISSION_LABELS = {
  'organization:update': 'Edit the organization',
  'settings:manage': 'Manage settings',
  'user:read': 'See users',
  'user:manage': 'Manage users',
  'workspace:read': 'See every team',
  'workspace:manage': 'Manage teams',
  'api_token:manage': 'Manage API tokens',
  'event:read': 'See events',
  'event:create': 'Create events',
  'event:update': 'Edit events',
  'event:delete': 'Delete events',
  'branding:update': 'Edit branding',
  'integration:read': 'See integrations',
  'integration:update': 'Edit integrations',
  'report:read': 'See reports',
  'video:read': 'See videos',
  'video:update': 'Edit videos',
  'content:read': 'See Content Lab',
  'content:update': 'Edit Content Lab',
  ...EVENT_APP_PERMISSION_LABELS,
};
export const PERMISSIONS = catalogueKeys(PERMISSION_LABELS);
export type Permission = keyof typeof PERMISSION_LABELS;

/** A permission as people read it; 'All permissions' for `*:*`, the code itself for one we do not know. */
export function permissionLabel(permission: string): string {
  if (permission === ALL_PERMISSIONS) return 'All permissions';
  return Object.hasOwn(PERMISSION_LABELS, permission)
    ? PERMISSION_LABELS[permission as Permission]
    : permission;
}

export interface RoleDefinition {
  /** Stable id, seeded by the access-control migration. */
  id: string;
  /** The machine name stored on a user (`users.role`) or a staff assignment. */
  name: string;
  display_name: string;
  realm: RoleRealm;
  /** event_app roles: the group an event page offers them in (002 §6 'Speaker Roles', 'Staff Roles'). */
  role_group?: string;
  permissions: readonly (Permission | typeof ALL_PERMISSIONS)[];
}

const eventWork = ['event:read', 'event:create', 'event:update', 'event:delete'] as const;
const integrationWork = ['integration:read', 'integration:update'] as const;
const videoWork = ['video:read', 'video:update'] as const;
const contentWork = ['content:read', 'content:update'] as const;

/** The role groups a custom role may join (002 §6 'Speaker Roles', 'Staff Roles'). */
export const CUSTOM_ROLE_GROUPS = ['Speaker Roles', 'Staff Roles'] as const;
export type CustomRoleGroup = (typeof CUSTOM_ROLE_GROUPS)[number];

/**
 * 002 §6: the groups whose custom roles the organisation uses now — speaker roles with custom
 * speaker roles or custom roles on, staff roles with custom roles on.
 */
export function customRoleGroupsOf(flags: {
  isCustomRolesEnabled?: boolean | undefined;
  isCustomSpeakerRolesEnabled?: boolean | undefined;
}): CustomRoleGroup[] {
  return CUSTOM_ROLE_GROUPS.filter((group) =>
    group === 'Speaker Roles'
      ? flags.isCustomSpeakerRolesEnabled === true || flags.isCustomRolesEnabled === true
      : flags.isCustomRolesEnabled === true,
  );
}

/** A coordinator's work: everything of the event app but going on stage. */
const stageWork = EVENT_APP_PERMISSIONS.filter((permission) => permission !== 'stage:join');

/**
 * Spec 001 §6, 002 §3.18 and 000 §1: the built-in roles. Organisation admins hold everything;
 * team admins run events in their own teams but manage neither the organisation, its teams nor
 * its API tokens; the other rights are our design (the spec does not show them).
 * `workspace:read` means "every team of the organisation": without it a user sees only the teams
 * they belong to.
 */
export const ROLE_CATALOGUE = [
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000001',
    name: 'ORG_ADMIN',
    display_name: 'Organization Admin',
    realm: 'studio_app',
    permissions: [ALL_PERMISSIONS],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000002',
    name: 'WORKSPACE_ADMIN',
    display_name: 'Team Admin',
    realm: 'studio_app',
    permissions: [
      'user:read',
      ...eventWork,
      'branding:update',
      ...integrationWork,
      'report:read',
      ...videoWork,
      ...contentWork,
    ],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000003',
    name: 'EVENT_ADMIN',
    display_name: 'Event Admin',
    realm: 'studio_app',
    permissions: ['workspace:read', ...eventWork, 'branding:update', 'report:read', ...videoWork],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000004',
    name: 'EVENT_EDITOR',
    display_name: 'Event Editor',
    realm: 'studio_app',
    permissions: ['workspace:read', 'event:read', 'event:update', 'video:read'],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000005',
    name: 'BRAND_EDITOR',
    display_name: 'Brand Editor',
    realm: 'studio_app',
    // An organisation role (002 §3.18): the look of every team's events, and the brand kit.
    permissions: ['workspace:read', 'event:read', 'branding:update', 'video:read'],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000006',
    name: 'INTEGRATIONS_EDITOR',
    display_name: 'Integrations Editor',
    realm: 'studio_app',
    // The organisation's integration work: every team's events (to reach their integrations), the
    // organisation's own integrations (`managesOrganizationIntegrations`), nothing else of them.
    permissions: ['workspace:read', 'event:read', ...integrationWork],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000007',
    name: 'CONTENT_LAB_EDITOR',
    display_name: 'Content Lab Editor',
    realm: 'content_lab',
    permissions: [...contentWork, ...videoWork],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000008',
    name: 'PRODUCER',
    display_name: 'Producer',
    realm: 'event_app',
    role_group: 'Staff Roles',
    permissions: [...stageWork, 'stage:join'],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000009',
    name: 'COORDINATOR',
    display_name: 'Coordinator',
    realm: 'event_app',
    role_group: 'Staff Roles',
    permissions: [...stageWork],
  },
  // 002 §3.9: the speaker permission levels, in the event_app realm's 'Speaker Roles' group.
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000010',
    name: 'FullAccess',
    display_name: 'Full Access',
    realm: 'event_app',
    role_group: 'Speaker Roles',
    permissions: ['stage:join', 'stage:share', 'backstage:access', 'qna:moderate', 'poll:manage'],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000011',
    name: 'ShareAccess',
    display_name: 'Share Access',
    realm: 'event_app',
    role_group: 'Speaker Roles',
    permissions: ['stage:join', 'stage:share'],
  },
  {
    id: '7f0c1a52-3f4e-4d1a-9a51-000000000012',
    name: 'StageAccess',
    display_name: 'Stage Access',
    realm: 'event_app',
    role_group: 'Speaker Roles',
    permissions: ['stage:join'],
  },
] as const satisfies readonly RoleDefinition[];

export type BuiltInRoleName = (typeof ROLE_CATALOGUE)[number]['name'];

/**
 * How role names compare: case-insensitively, surrounding whitespace ignored — as the database's
 * unique index on an organisation's custom roles (`lower(trim(display_name))`, migration 0081) does.
 */
export const roleNameKey = (name: string): string => name.trim().toLowerCase();

/**
 * Whether a custom role's name is a built-in role's label: Settings › Permissions lists both, and
 * the speaker and staff pickers list them together, so one name would stand for two roles.
 */
export const isBuiltInRoleLabel = (name: string): boolean =>
  ROLE_CATALOGUE.some((role) => roleNameKey(role.display_name) === roleNameKey(name));

/**
 * What a standalone Content Lab user (no organisation, issue 37 §6) holds in their personal Content
 * Lab space: Content Lab and its videos, nothing of the studio.
 */
export const CONTENT_SPACE_ROLE: BuiltInRoleName = 'CONTENT_LAB_EDITOR';

/** The roles a member of an organisation can hold as their organisation role (`users.role`). */
export const ORGANIZATION_ROLE_NAMES = ROLE_CATALOGUE.filter((role) => role.realm !== 'event_app').map(
  (role) => role.name,
);

export function findRole(name: string | null | undefined): RoleDefinition | undefined {
  return ROLE_CATALOGUE.find((role) => role.name === name);
}

/** The permission list of an organisation role; none for a member without a known role. */
export function permissionsOfRole(name: string | null | undefined): readonly string[] {
  return findRole(name)?.permissions ?? [];
}
