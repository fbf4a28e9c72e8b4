import { sql, type Expression, type RawBuilder } from 'kysely';

/** The settings of an organisation that other areas act on. */
export interface OrganizationSettingsRow {
  id: string;
  hls_guard_enabled: boolean;
  feature_flags: Record<string, unknown>;
  is_workspace_enabled: boolean;
}

/** What other modules' queries may read of an organisation, written by the module that owns it. */
export const organizationsReadModel = {
  settingsOf(organizationId: string): RawBuilder<OrganizationSettingsRow> {
    return sql<OrganizationSettingsRow>`select organizations.id, organizations.hls_guard_enabled,
      organizations.feature_flags, organizations.is_workspace_enabled
      from organizations where organizations.id = ${organizationId}`;
  },

  /** Whether the organisation is on a free trial (null for none). */
  isFreeTrialOf(organizationId: Expression<string | null>): RawBuilder<boolean | null> {
    return sql<
      boolean | null
    >`(select organizations.is_free_trial from organizations where organizations.id = ${organizationId})`;
  },

  /** The organisation's stored feature flags (resolve them with the domain's resolveFeatureFlags). */
  featureFlagsOf(organizationId: Expression<string>): RawBuilder<Record<string, unknown>> {
    return sql<
      Record<string, unknown>
    >`(select organizations.feature_flags from organizations where organizations.id = ${organizationId})`;
  },
};
