import { ALL_PERMISSIONS } from './roles.ts';

/** Spec 001 §6: allowed when the list holds '*:*' or every required permission. */
export function isAllowed(permissionList: readonly string[], required: readonly string[]): boolean {
  return (
    permissionList.includes(ALL_PERMISSIONS) ||
    required.every((permission) => permissionList.includes(permission))
  );
}

/**
 * Who manages the organisation's own integrations (its webhooks for every event, its Slack
 * workspace, its CRM connections): its admins (`organization:update`) and whoever does the
 * integration work of every team (`integration:update` with `workspace:read`, the Integrations
 * Editor). A team admin's `integration:update` stays with their own teams.
 */
export function managesOrganizationIntegrations(permissionList: readonly string[]): boolean {
  return (
    isAllowed(permissionList, ['organization:update']) ||
    isAllowed(permissionList, ['integration:update', 'workspace:read'])
  );
}

export interface LegacyAccess {
  /** The user's legacy `role` field. */
  role: string | null;
  /** The organisation's `is_workspace_enabled`. */
  isWorkspaceEnabled: boolean;
  /** The action's basic workspace permission; true unless the action says otherwise. */
  basicWorkspacePermission?: boolean | undefined;
}

/**
 * Spec 001 §6, legacy path (no permissions feature in the pricing config): the legacy role is
 * compared — an organisation admin may act — and otherwise the action is allowed when the
 * organisation has no workspaces enabled or the basic workspace permission is true (default true).
 */
export function isAllowedByLegacyRole(access: LegacyAccess): boolean {
  if (access.role === 'ORG_ADMIN') return true;
  return !access.isWorkspaceEnabled || (access.basicWorkspacePermission ?? true);
}

export interface ActionAccess extends LegacyAccess {
  /** The pricing config's `permissions` feature. */
  permissionsFeature: boolean;
  /** The permission list fetched for the user (realm studio_app, organisation context). */
  permissionList: readonly string[];
  required: readonly string[];
}

/** The whole client-side rule: the permission list when the plan has permissions, else the legacy role. */
export function isActionAllowed(access: ActionAccess): boolean {
  return access.permissionsFeature
    ? isAllowed(access.permissionList, access.required)
    : isAllowedByLegacyRole(access);
}

/** Spec 001 §6: with permissions on, the role is the requester_role entry for the organisation resource. */
export function organizationRoleOf(
  requesterRoles: readonly { resource_type: string; resource_id: string; role: string }[],
  organizationId: string,
): string | null {
  return (
    requesterRoles.find(
      (entry) => entry.resource_type === 'organization' && entry.resource_id === organizationId,
    )?.role ?? null
  );
}
