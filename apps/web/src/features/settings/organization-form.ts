import {
  ORGANIZATION_FLAGS,
  type OrganizationDetail,
  type OrganizationFeatureFlags,
  type OrganizationFlagKey,
  type UpdateOrganizationRequest,
} from '@studio/domain';

/** The organisation switches an admin may change beside the §9 flags. */
export const ORGANIZATION_SWITCHES = [
  { key: 'is_workspace_enabled', label: 'Teams (workspaces)' },
  { key: 'content_lab_enabled', label: 'Content Lab' },
  { key: 'enable_inhouse_simulive', label: 'In-house simulive' },
  { key: 'is_event_roles_enabled', label: 'Event roles' },
] as const;
export type OrganizationSwitchKey = (typeof ORGANIZATION_SWITCHES)[number]['key'];

export interface OrganizationDraft {
  name: string;
  switches: Record<OrganizationSwitchKey, boolean>;
  flags: OrganizationFeatureFlags;
}

export function draftOf(organization: OrganizationDetail): OrganizationDraft {
  const switches = Object.fromEntries(
    ORGANIZATION_SWITCHES.map(({ key }) => [key, organization[key]]),
  ) as Record<OrganizationSwitchKey, boolean>;
  return { name: organization.name, switches, flags: { ...organization.feature_flags } };
}

/** A PATCH body: every field optional (the schema's output type marks some as present-but-undefined). */
export type OrganizationPatch = Partial<UpdateOrganizationRequest>;

/** Only what the draft changes: the PATCH body, empty when nothing changed. */
export function organizationChanges(
  organization: OrganizationDetail,
  draft: OrganizationDraft,
): OrganizationPatch {
  const changes: OrganizationPatch = {};
  if (draft.name.trim() !== organization.name) changes.name = draft.name.trim();
  for (const { key } of ORGANIZATION_SWITCHES) {
    if (draft.switches[key] !== organization[key]) changes[key] = draft.switches[key];
  }
  const flags: Partial<Record<OrganizationFlagKey, boolean | string | null>> = {};
  for (const { key } of ORGANIZATION_FLAGS) {
    if (draft.flags[key] !== organization.feature_flags[key]) flags[key] = draft.flags[key];
  }
  if (Object.keys(flags).length > 0)
    changes.feature_flags = flags as UpdateOrganizationRequest['feature_flags'];
  return changes;
}

export const hasChanges = (changes: OrganizationPatch) => Object.keys(changes).length > 0;
