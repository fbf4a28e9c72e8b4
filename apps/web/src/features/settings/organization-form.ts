import type { OrganizationDetail, UpdateOrganizationRequest } from '@studio/domain';

/**
 * The organisation switches an admin may change (the §9 feature flags are the operator's). Not
 * `enable_inhouse_simulive`: this studio always plays simulive itself, so the switch would change nothing.
 */
export const ORGANIZATION_SWITCHES = [
  { key: 'is_workspace_enabled', label: 'Teams (workspaces)' },
  { key: 'content_lab_enabled', label: 'Content Lab' },
  { key: 'is_event_roles_enabled', label: 'Event roles (the events’ Staff pages)' },
] as const;
/** The plan of an organisation without a tier: every feature and no limits (`resolvePricingConfig`). */
export const NO_TIER_LABEL = 'All features, no limits';

export type OrganizationSwitchKey = (typeof ORGANIZATION_SWITCHES)[number]['key'];

export interface OrganizationDraft {
  name: string;
  switches: Record<OrganizationSwitchKey, boolean>;
}

export function draftOf(organization: OrganizationDetail): OrganizationDraft {
  const switches = Object.fromEntries(
    ORGANIZATION_SWITCHES.map(({ key }) => [key, organization[key]]),
  ) as Record<OrganizationSwitchKey, boolean>;
  return { name: organization.name, switches };
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
  return changes;
}

export const hasChanges = (changes: OrganizationPatch) => Object.keys(changes).length > 0;
